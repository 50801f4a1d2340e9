import type { ReactNode } from 'react';
import { cx } from '../../../components/ui/cx';
import form from '../../../modals/form.module.scss';
import styles from './profile-page.module.scss';

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** The control, given the attributes that tie it to its label, hint and error. */
  children: (props: ControlProps) => ReactNode;
}

/** A label, the control and, under it, the error (or the hint while there is none). */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cx(form.field, className)}>
      <label className={form.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <span id={`${id}-error`} className={form.fieldError}>
          {error}
        </span>
      ) : (
        hint != null && (
          <span id={`${id}-hint`} className={styles.hint}>
            {hint}
          </span>
        )
      )}
    </div>
  );
}
