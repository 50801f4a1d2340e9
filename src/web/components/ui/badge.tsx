import type { HTMLAttributes } from 'react';
import { cx } from './cx';
import styles from './badge.module.scss';

export type BadgeTone = 'primary' | 'accent' | 'mint' | 'sun' | 'neutral' | 'pink' | 'white';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'primary', className, ...rest }: BadgeProps) {
  return <span className={cx(styles.badge, styles[tone], className)} {...rest} />;
}
