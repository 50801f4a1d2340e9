import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Field } from './field';
import { DATE_PLACEHOLDER, maskDate } from './russian-date';
import form from './form.module.scss';

export interface DateFieldProps {
  id: string;
  label: ReactNode;
  /** What the field shows, дд.мм.гггг (possibly half typed). */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

/** Where the caret goes in `masked`: after as many digits as were before it in what was typed. */
function caretAfterDigits(masked: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i += 1) {
    if (/\d/.test(masked.charAt(i))) seen += 1;
    if (seen === digits) return i + 1;
  }
  return masked.length;
}

/**
 * A date typed as дд.мм.гггг on every browser: a text field with the digit keyboard, the dots put in as
 * the parent types. A native date input would follow the browser's locale instead (mm/dd/yyyy).
 */
export function DateField({ id, label, value, onChange, error, hint }: DateFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  // Putting the dots in rewrites the value, which would throw the caret to the end: keep it where the
  // parent was typing.
  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || document.activeElement !== element) return;
    element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          ref={input}
          className={form.input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={DATE_PLACEHOLDER}
          maxLength={24}
          value={value}
          onChange={(event) => {
            const typed = event.target.value;
            const masked = maskDate(typed);
            const before = typed.slice(0, event.target.selectionStart ?? typed.length);
            caret.current = caretAfterDigits(masked, before.replace(/\D/g, '').length);
            // A dot typed (or put in) right after the caret's digit stays before the caret.
            if (masked.charAt(caret.current) === '.' && /\D$/.test(before)) caret.current += 1;
            onChange(masked);
          }}
        />
      )}
    </Field>
  );
}
