import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import styles from './button.module.scss';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of the parent. */
  block?: boolean;
}

/** The class names of a button look, shared by <Button> and <ButtonLink>. */
export function buttonClassName(
  { variant = 'primary', size = 'md', block = false }: ButtonLookProps,
  extra?: string,
): string {
  return cx(styles.button, styles[variant], styles[size], block && styles.block, extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLookProps {
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
  icon?: ReactNode;
  /** An icon after the text (an arrow). */
  iconEnd?: ReactNode;
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  icon,
  iconEnd,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : icon}
      {children}
      {iconEnd}
    </button>
  );
}
