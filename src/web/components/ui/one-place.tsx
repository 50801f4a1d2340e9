import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './one-place.module.scss';

export interface OnePlaceProps<K extends string> {
  /** The alternatives, in the order they are laid out (all in the same cell). */
  options: Record<K, ReactNode>;
  shown: K;
  className?: string;
  /** Each alternative's wrapper, e.g. to centre the shorter one. */
  optionClassName?: string;
}

/**
 * Alternatives that take one place: the box is as large as the largest, only `shown` is seen, read out or
 * reachable (the others are `inert` and invisible). A server-rendered page shows a signed-in parent the
 * guest's alternative until the app knows them; switching then must not move what they may be tapping.
 */
export function OnePlace<K extends string>({
  options,
  shown,
  className,
  optionClassName,
}: OnePlaceProps<K>) {
  return (
    <div className={cx(styles.place, className)}>
      {(Object.keys(options) as K[]).map((key) => (
        <div key={key} className={cx(styles.option, optionClassName)} inert={key !== shown}>
          {options[key]}
        </div>
      ))}
    </div>
  );
}
