import type { ElementType, HTMLAttributes } from 'react';
import { cx } from './cx';
import styles from './card.module.scss';

export type CardTone = 'white' | 'primary' | 'accent' | 'mint' | 'sky';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
  tone?: CardTone;
  padding?: 'none' | 'sm' | 'md';
  /** Lifts on hover: for cards that are links or choices. */
  interactive?: boolean;
  /** A violet ring: the chosen or recommended card. */
  highlighted?: boolean;
}

export function Card({
  as: Tag = 'div',
  tone = 'white',
  padding = 'md',
  interactive = false,
  highlighted = false,
  className,
  ...rest
}: CardProps) {
  return (
    <Tag
      className={cx(
        styles.card,
        tone !== 'white' && styles[tone],
        padding === 'none' ? styles.padNone : padding === 'sm' ? styles.padSm : styles.padMd,
        interactive && styles.interactive,
        highlighted && styles.highlighted,
        className,
      )}
      {...rest}
    />
  );
}
