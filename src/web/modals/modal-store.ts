import { create } from 'zustand';
import { MODAL_REGISTRY } from './registry';
import type { AddChildModalProps } from './add-child/add-child-props';
import type { AdditionalProgramsModalProps } from './additional-programs/additional-programs-props';
import type { ConfirmModalProps } from './confirm/confirm-props';
import type { SubscribeAnswerModalProps, SubscribeModalProps } from './subscribe/subscribe-props';
import type { SupportReceipt } from '../api/support';
import type {
  ChildModalProps,
  ChildSelectModalProps,
  LessonModalProps,
  ProgramModalProps,
} from './video/video-modal-props';

/** Every global modal of SPEC §2, by name. Route modals of the landing (`/:modal?`) use these too. */
export const MODAL_NAMES = [
  'login',
  'register',
  'password-restore',
  'email-confirmed',
  'password-reset',
  'video',
  'parental-control',
  'support',
  'support-success',
  'license',
  'privacy',
  'technical-failure',
  'buy-and-register',
  'thanks',
  'global-error',
  'child-select',
  'add-child',
  'global-notify',
  'successful-payment',
  'activate-certificate',
  'add-child-without-subscription',
  'support-unconfirmed-email',
  // The landing's route modals (SPEC §2 `/:modal?`) that have no global modal of their own.
  'fail-payment',
  'gift',
  // «Are you sure?» before erasing data (personal area).
  'confirm',
  // SPEC's styled modals of the video page.
  'lesson',
  'program',
  'study-mode',
  'remind',
  // After the landing's promo video: «Понравилось? Зарегистрируйтесь…».
  'video-alert',
  // SPEC's styled modal: buying an additional program for some of the family's children.
  'additional-programs',
  // SPEC's styled modals of personal/tariffs: refusing auto-renewal (or a pause instead), then why.
  'subscribe',
  'subscribe-answer',
] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

/** Props of the modals that take any; the others take none or a loose record. */
export interface ModalPropsMap {
  video: { url: string; poster?: string; title?: string };
  'global-error': { message?: string; title?: string };
  'technical-failure': { message?: string };
  'global-notify': { title?: string; message: string; buttonText?: string };
  'parental-control': { onConfirm: () => void };
  'add-child': AddChildModalProps;
  confirm: ConfirmModalProps;
  'child-select': ChildSelectModalProps;
  lesson: LessonModalProps;
  program: ProgramModalProps;
  'study-mode': ChildModalProps;
  remind: ChildModalProps;
  'video-alert': { url: string; poster?: string; title?: string };
  'additional-programs': AdditionalProgramsModalProps;
  subscribe: SubscribeModalProps;
  'subscribe-answer': SubscribeAnswerModalProps;
  thanks: { title?: string; message?: string };
  'support-success': SupportReceipt;
}

export type ModalProps<N extends ModalName> = N extends keyof ModalPropsMap
  ? ModalPropsMap[N]
  : Record<string, unknown> | undefined;

type OpenArgs<N extends ModalName> = N extends keyof ModalPropsMap
  ? [props: ModalPropsMap[N], options?: OpenOptions]
  : [props?: Record<string, unknown>, options?: OpenOptions];

export interface OpenOptions {
  /** Called once the modal is closed by any means (button, Escape, backdrop, another modal). */
  onClose?: () => void;
}

interface ModalState {
  name: ModalName | null;
  props: unknown;
  onClose: (() => void) | undefined;
  /** Bumped on every open so reopening the same modal remounts it fresh. */
  key: number;
}

export const useModalStore = create<ModalState>(() => ({
  name: null,
  props: undefined,
  onClose: undefined,
  key: 0,
}));

export function openModal<N extends ModalName>(name: N, ...args: OpenArgs<N>): void {
  const [props, options] = args;
  if (!(name in MODAL_REGISTRY)) {
    if (import.meta.env.DEV) console.warn(`Модальное окно «${name}» ещё не подключено`);
    return;
  }
  const previous = useModalStore.getState();
  useModalStore.setState({
    name,
    props,
    onClose: options?.onClose,
    key: previous.key + 1,
  });
  // One modal at a time: the one replaced counts as closed.
  previous.onClose?.();
}

export function closeModal(): void {
  const { onClose, name } = useModalStore.getState();
  if (name === null) return;
  useModalStore.setState({ name: null, props: undefined, onClose: undefined });
  onClose?.();
}
