import type { ElementType, HTMLAttributes } from 'react';
import { cx } from './cx';
import styles from './container.module.scss';

export interface ContainerProps extends HTMLAttributes<HTMLElement> {
  /** narrow: long-form text (≈ 70 characters a line); wide: banners up to 1920 px. */
  width?: 'default' | 'narrow' | 'wide';
  as?: ElementType;
}

export function Container({
  width = 'default',
  as: Tag = 'div',
  className,
  ...rest
}: ContainerProps) {
  return (
    <Tag
      className={cx(
        styles.container,
        width === 'narrow' && styles.narrow,
        width === 'wide' && styles.wide,
        className,
      )}
      {...rest}
    />
  );
}
