import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { isLongEnough, isNotOnlyDigits, PASSWORD_MIN_LENGTH } from './password-rules';
import { Field } from '../../../components/form/field';
import { cx } from '../../../components/ui/cx';
import form from '../../../components/form/form.module.scss';
import styles from './account-forms.module.scss';

interface PasswordFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  autoComplete: 'new-password' | 'current-password';
  error?: string;
  /** The typed value, to show the password rule ticking off as the parent types. */
  ruleFor?: string;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 20 20 4" />}
    </svg>
  );
}

/** A password input with a show/hide toggle and, for a new password, the rule it must meet. */
export function PasswordField({
  id,
  label,
  registration,
  autoComplete,
  error,
  ruleFor,
}: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const ruleId = `${id}-rule`;
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <>
          <div className={styles.passwordBox}>
            <input
              className={cx(form.input, styles.passwordInput)}
              type={shown ? 'text' : 'password'}
              autoComplete={autoComplete}
              autoCapitalize="off"
              spellCheck={false}
              {...registration}
              {...control}
              // The rule stays in view next to an error, so it describes the input as well.
              aria-describedby={
                cx(ruleFor !== undefined && ruleId, control['aria-describedby']) || undefined
              }
            />
            {/* The name avoids the word «пароль» so the field alone answers to its label. */}
            <button
              type="button"
              className={styles.toggle}
              aria-label="Показать символы"
              aria-pressed={shown}
              aria-controls={id}
              title={shown ? 'Скрыть символы' : 'Показать символы'}
              onClick={() => setShown((value) => !value)}
            >
              <EyeIcon crossed={shown} />
            </button>
          </div>
          {ruleFor !== undefined && (
            <ul id={ruleId} className={styles.rules} aria-label="Требования к паролю">
              <li data-ok={isLongEnough(ruleFor) || undefined}>
                Не меньше {PASSWORD_MIN_LENGTH} символов
              </li>
              <li data-ok={isNotOnlyDigits(ruleFor) || undefined}>Не только цифры</li>
            </ul>
          )}
        </>
      )}
    </Field>
  );
}
