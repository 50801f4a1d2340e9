// The shared machinery of the modals: which one is open, with which props. It knows the modals by name
// and by the type of their props only; the components are mapped to names in app/modal-registry.ts, at the
// top, so a feature opens another feature's modal without importing it.
import { create } from 'zustand';
import type { SupportReceipt } from '../../api/support';
import type { SocialNetwork } from '@contract/api/auth';
import type {
  AddChildModalProps,
  AdditionalProgramsModalProps,
  ChildModalProps,
  ChildSelectModalProps,
  ConfirmModalProps,
  LessonModalProps,
  ProgramModalProps,
  SubscribeAnswerModalProps,
  SubscribeModalProps,
} from './modal-props';

/** Every global modal of docs/PRODUCT.md «Screens and routes», by name. Route modals of the landing (`/:modal?`) use these too. */
export const MODAL_NAMES = [
  'login',
  'register',
  // The consent step of a first sign-in through VK ID or Facebook: no account before it is accepted.
  'social-signup',
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
  // A caregiver's invitation link (`/family-invite?token=…`): sign in or register, then accept.
  'family-invite',
  // The landing's route modals (docs/PRODUCT.md «Screens and routes» `/:modal?`) that have no global modal of their own.
  'fail-payment',
  'gift',
  // «Are you sure?» before erasing data (personal area).
  'confirm',
  // The styled modals of the video page.
  'lesson',
  'program',
  'study-mode',
  'remind',
  'screen-time',
  // Lessons for the road: keeping a week's lessons in the app.
  'road',
  // The child's own sticker album, from the video page.
  'sticker-album',
  // After the landing's promo video: «Понравилось? Зарегистрируйтесь…».
  'video-alert',
  // The styled modal: buying an additional program for some of the family's children.
  'additional-programs',
  // The styled modals of personal/tariffs: refusing auto-renewal (or a pause instead), then why.
  'subscribe',
  'subscribe-answer',
] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

/** Props of the modals that take any; the others take none or a loose record. */
export interface ModalPropsMap {
  'social-signup': { network: SocialNetwork };
  video: { url: string; poster?: string; title?: string; subtitles?: string };
  'global-error': { message?: string; title?: string };
  'technical-failure': { message?: string };
  'global-notify': { title?: string; message: string; buttonText?: string };
  'parental-control': {
    onConfirm: () => void;
    /** What the grown-up is asked in for, after «чтобы»: «выйти из уроков» unless said. */
    purpose?: string;
    /** The answer's button: «Выйти» unless said. */
    confirmText?: string;
    /** Closing without the answer: «Остаться» unless said. */
    cancelText?: string;
  };
  'add-child': AddChildModalProps;
  confirm: ConfirmModalProps;
  'child-select': ChildSelectModalProps;
  lesson: LessonModalProps;
  program: ProgramModalProps;
  'study-mode': ChildModalProps;
  remind: ChildModalProps;
  'screen-time': ChildModalProps;
  road: ChildModalProps & { userId: number };
  'sticker-album': ChildModalProps;
  'video-alert': ModalPropsMap['video'];
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

/**
 * Navigation state that keeps the open modal: a route modal that steps aside for another one (the
 * certificate modal opening the login) moves the address back to the landing without closing it.
 */
export const KEEP_MODAL_STATE = { keepModal: true } as const;

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
