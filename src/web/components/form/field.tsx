import type { ReactNode } from 'react';
import { cx } from '../ui/cx';
import form from './form.module.scss';

/** What ties a control to its label and to its error or hint: spread it on the control. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** The control's id; the error and the hint take `${id}-error` and `${id}-hint`. */
  id: string;
  label: ReactNode;
  error?: string;
  /** Under the control while there is no error. */
  hint?: ReactNode;
  /** For a form whose hints look like the rest of its page rather than like `form.hint`. */
  hintClassName?: string;
  className?: string;
  /** Below the error or the hint, e.g. ways out of the error. */
  after?: ReactNode;
  /** The control, given the attributes that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, the control and, under it, the error (or the hint while there is none). */
export function Field({
  id,
  label,
  error,
  hint,
  hintClassName,
  className,
  after,
  children,
}: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className={cx(form.field, className)}>
      <label className={form.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <span id={errorId} className={form.fieldError}>
          {error}
        </span>
      ) : (
        hint != null && (
          <span id={hintId} className={hintClassName ?? form.hint}>
            {hint}
          </span>
        )
      )}
      {after}
    </div>
  );
}
