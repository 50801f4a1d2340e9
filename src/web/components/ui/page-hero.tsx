import type { ReactNode } from 'react';
import { Container } from './container';
import { cx } from './cx';
import styles from './page-hero.module.scss';

export interface PageHeroProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** Shown beside the text from tablets up (an illustration). */
  aside?: ReactNode;
  /** Under the text, inside the band (a sub-navigation). */
  children?: ReactNode;
  className?: string;
}

/** The coloured band on top of inner pages, with the page's h1. */
export function PageHero({ title, eyebrow, lead, aside, children, className }: PageHeroProps) {
  return (
    <div className={cx(styles.hero, className)}>
      <Container className={styles.frame}>
        <div className={cx(styles.inner, aside != null && styles.withAside)}>
          <div className={styles.text}>
            {eyebrow != null && <p className={styles.eyebrow}>{eyebrow}</p>}
            <h1>{title}</h1>
            {lead != null && <p className={styles.lead}>{lead}</p>}
          </div>
          {aside != null && <div className={styles.aside}>{aside}</div>}
        </div>
        {children != null && <div className={styles.below}>{children}</div>}
      </Container>
    </div>
  );
}
