import { useId, type ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { cx } from '../../components/ui/cx';
import styles from './panel.module.scss';

export interface PanelProps {
  title: ReactNode;
  description?: ReactNode;
  /** Beside the title: a status badge. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled card of the personal area; the section is named by its title for screen readers. */
export function Panel({ title, description, aside, children, className }: PanelProps) {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId} className={cx(styles.panel, className)}>
      <header className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {aside}
      </header>
      {description != null && <p className={styles.description}>{description}</p>}
      {children}
    </Card>
  );
}
