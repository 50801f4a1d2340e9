import { cx } from './cx';
import styles from './prose.module.scss';

export interface ProseProps {
  /** Sanitised on the server (contract: "safe to render as is"). */
  html: string;
  /** Documents: numbered sections separated by dashed rules. */
  variant?: 'default' | 'document';
  className?: string;
}

/** Long-form admin text with the school's typography. */
export function Prose({ html, variant = 'default', className }: ProseProps) {
  return (
    <div
      className={cx(styles.prose, variant === 'document' && styles.document, className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
