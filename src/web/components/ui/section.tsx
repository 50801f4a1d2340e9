import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { Container, type ContainerProps } from './container';
import { cx } from './cx';
import styles from './section.module.scss';

export type SectionTone = 'plain' | 'soft' | 'warm' | 'sky' | 'white';

export interface SectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Small upper-case line above the title. */
  eyebrow?: ReactNode;
  /** A sentence under the title. */
  lead?: ReactNode;
  tone?: SectionTone;
  align?: 'start' | 'center';
  compact?: boolean;
  /** Heading level of the title: h1 on pages whose first section is the page title. */
  titleAs?: 'h1' | 'h2';
  width?: ContainerProps['width'];
}

/** A page band: background tone, container and an optional heading the section is labelled by. */
export function Section({
  title,
  eyebrow,
  lead,
  tone = 'plain',
  align = 'start',
  compact = false,
  titleAs: Title = 'h2',
  width,
  className,
  children,
  ...rest
}: SectionProps) {
  const titleId = useId();
  const hasHead = title != null || eyebrow != null || lead != null;
  return (
    <section
      className={cx(styles.section, styles[tone], compact && styles.compact, className)}
      aria-labelledby={title != null ? titleId : undefined}
      {...rest}
    >
      <Container width={width}>
        {hasHead && (
          <header className={cx(styles.head, align === 'center' && styles.center)}>
            {eyebrow != null && <p className={styles.eyebrow}>{eyebrow}</p>}
            {title != null && (
              <Title id={titleId} className={styles.title}>
                {title}
              </Title>
            )}
            {lead != null && <p className={styles.lead}>{lead}</p>}
          </header>
        )}
        {children}
      </Container>
    </section>
  );
}
