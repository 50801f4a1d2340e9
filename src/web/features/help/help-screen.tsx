import { useId, type ReactNode } from 'react';
import { Container } from '../../components/ui/container';
import { cx } from '../../components/ui/cx';
import { HelpNav } from './help-nav';
import styles from './help-screen.module.scss';

export interface HelpScreenProps {
  title: ReactNode;
  lead?: ReactNode;
  /** Above the title: a way back to the list. */
  before?: ReactNode;
  /** Beside the content from 992 px, under it on a phone. */
  aside?: ReactNode;
  children: ReactNode;
}

/** One screen of personal/help: the help tabs, the screen's title and its content. */
export function HelpScreen({ title, lead, before, aside, children }: HelpScreenProps) {
  const titleId = useId();
  return (
    <Container className={styles.page}>
      <HelpNav />
      <section
        aria-labelledby={titleId}
        className={cx(styles.body, aside != null && styles.withAside)}
      >
        <div className={styles.main}>
          <header className={styles.head}>
            {before}
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {lead != null && <p className={styles.lead}>{lead}</p>}
          </header>
          {children}
        </div>
        {aside != null && <div className={styles.aside}>{aside}</div>}
      </section>
    </Container>
  );
}
