import { openModal } from '../../components/modal/modal-store';

/**
 * The video page is the child's screen: a grown-up's choice made on it (study mode, reminders, ending
 * «каникулы») opens only after the same task as leaving it. `purpose` follows «чтобы».
 */
export function withGrownUp(purpose: string, then: () => void): void {
  openModal('parental-control', {
    onConfirm: then,
    purpose,
    confirmText: 'Продолжить',
    cancelText: 'Отмена',
  });
}
