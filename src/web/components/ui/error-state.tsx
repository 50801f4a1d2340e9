import { Button } from './button';
import { cx } from './cx';
import styles from './error-state.module.scss';

export interface ErrorStateProps {
  title?: string;
  message?: string;
  /** Shows «Повторить». */
  onRetry?: () => void;
  retrying?: boolean;
  compact?: boolean;
  className?: string;
}

/** A failed load, said kindly, with a way to try again. */
export function ErrorState({
  title = 'Не удалось загрузить',
  message = 'Проверьте подключение к интернету и попробуйте ещё раз.',
  onRetry,
  retrying = false,
  compact = false,
  className,
}: ErrorStateProps) {
  return (
    <div className={cx(styles.error, compact && styles.compact, className)} role="alert">
      {!compact && (
        <svg className={styles.icon} viewBox="0 0 56 56" aria-hidden="true">
          <circle cx="28" cy="28" r="26" fill="#ffc93c" />
          <circle cx="20" cy="24" r="3" fill="#2b2350" />
          <circle cx="36" cy="24" r="3" fill="#2b2350" />
          <path
            d="M19 39c5-5 13-5 18 0"
            fill="none"
            stroke="#2b2350"
            strokeWidth="3"
            strokeLinecap="round"
          />
        </svg>
      )}
      <p className={styles.title}>{title}</p>
      <p className={styles.text}>{message}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
          Повторить
        </Button>
      )}
    </div>
  );
}
