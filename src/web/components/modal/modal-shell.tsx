import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { closeModal } from './modal-store';
import styles from './modal-shell.module.scss';

export interface ModalShellProps {
  title: string;
  /** Visually hidden title (the video modal shows only the player). */
  hideTitle?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'video';
  /** An illustration or icon above the title. */
  art?: ReactNode;
  children: ReactNode;
  /** Defaults to closing the modal; a modal may intercept it. */
  onRequestClose?: () => void;
  /**
   * Escape alone, when it should not close (a step inside the modal goes back one step instead); the
   * close button and the backdrop still close.
   */
  onEscape?: () => void;
}

let locks = 0;

/** Scroll lock that survives one modal replacing another. */
function lockScroll(): () => void {
  const root = document.documentElement;
  if (locks === 0) {
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.setProperty('--scrollbar-width', `${scrollbar}px`);
    root.dataset.scrollLocked = '';
  }
  locks += 1;
  return () => {
    locks -= 1;
    if (locks === 0) {
      delete root.dataset.scrollLocked;
      root.style.removeProperty('--scrollbar-width');
    }
  };
}

/**
 * The frame of every global modal: a native modal <dialog> (the page behind is inert, so focus stays
 * inside), Escape and the backdrop close it, the page does not scroll behind it, focus returns to where
 * it was. Below 576 px it is a bottom sheet as tall as its content (the video: the whole screen).
 */
export function ModalShell({
  title,
  hideTitle = false,
  size = 'md',
  art,
  children,
  onRequestClose = closeModal,
  onEscape,
}: ModalShellProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const requestClose = useRef(onRequestClose);
  const escape = useRef(onEscape);
  useEffect(() => {
    requestClose.current = onRequestClose;
    escape.current = onEscape;
  });

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnFocus =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    return () => {
      if (element.open && typeof element.close === 'function') element.close();
      unlock();
      if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      data-size={size}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        (escape.current ?? requestClose.current)();
      }}
      onMouseDown={(event) => {
        // A press on the backdrop (the dialog element itself, outside the panel) closes the modal.
        if (event.target === event.currentTarget) requestClose.current();
      }}
    >
      <div className={styles.panel}>
        {art && <div className={styles.art}>{art}</div>}
        <h2 id={titleId} className={hideTitle ? styles.hiddenTitle : styles.title}>
          {title}
        </h2>
        <div className={styles.body}>{children}</div>
        {/* Last in the DOM, so the dialog's first focus lands on the content (a field, the main button). */}
        <button
          type="button"
          className={styles.close}
          aria-label="Закрыть"
          onClick={() => requestClose.current()}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
    </dialog>
  );
}
