import { Fragment } from 'react';
import { cx } from './cx';
import styles from './email-text.module.scss';

/** The address cut at its seams: after «@», before each «.», «_» and «+». */
export function emailPieces(email: string): string[] {
  return email.split(/(?<=@)|(?=[._+])/).filter(Boolean);
}

/**
 * An e-mail address that wraps where a reader expects it to (after «@», before a dot; the browser adds
 * after a hyphen) instead of mid-word.
 * Only a single piece wider than the whole line is still cut, rather than widening the page.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  return (
    <span className={cx(styles.email, className)} data-email="">
      {emailPieces(email).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
