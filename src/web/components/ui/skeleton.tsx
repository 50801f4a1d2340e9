import type { CSSProperties } from 'react';
import { cx } from './cx';
import styles from './skeleton.module.scss';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  /** Several text-like lines instead of one block. */
  lines?: number;
  /** Sits in a line of text (a heading) without changing the line's height. */
  inline?: boolean;
  className?: string;
}

/** A placeholder of the size of what is loading, so nothing shifts when it arrives. */
export function Skeleton({ width, height, radius, lines, inline, className }: SkeletonProps) {
  if (lines != null && lines > 0) {
    return (
      <span className={cx(styles.lines, className)} style={{ width }} aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} className={cx(styles.skeleton, styles.line)} />
        ))}
      </span>
    );
  }
  return (
    <span
      className={cx(styles.skeleton, inline && styles.inline, className)}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}
