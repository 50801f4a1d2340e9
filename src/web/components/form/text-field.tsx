import type { ComponentProps } from 'react';
import { Field, type FieldProps } from './field';
import { cx } from '../ui/cx';
import form from './form.module.scss';

type InputProps = Omit<
  ComponentProps<'input'>,
  'id' | 'children' | 'aria-invalid' | 'aria-describedby'
>;

/** The field's props, and the input's: `className` is the input's, next to `form.input`. */
export type TextFieldProps = Omit<FieldProps, 'children' | 'className'> & InputProps;

/**
 * A labelled input. Takes what an input takes, so react-hook-form's `register(name)` (or value and
 * onChange) is spread straight onto it.
 */
export function TextField({
  id,
  label,
  error,
  hint,
  hintClassName,
  after,
  className,
  ...input
}: TextFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      hintClassName={hintClassName}
      after={after}
    >
      {(control) => <input className={cx(form.input, className)} {...input} {...control} />}
    </Field>
  );
}
