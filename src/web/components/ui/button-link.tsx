import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { buttonClassName, type ButtonLookProps } from './button';

export interface ButtonLinkProps extends LinkProps, ButtonLookProps {
  icon?: ReactNode;
  iconEnd?: ReactNode;
}

/** A router link that looks like a button: navigation stays a link for assistive tech. */
export function ButtonLink({
  variant,
  size,
  block,
  icon,
  iconEnd,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link
      className={buttonClassName(
        { variant, size, block },
        typeof className === 'string' ? className : undefined,
      )}
      {...rest}
    >
      {icon}
      {children}
      {iconEnd}
    </Link>
  );
}
