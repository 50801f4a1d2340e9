import { useId, useState, type FormEvent } from 'react';
import { newPasswordField, PASSWORD_MIN_LENGTH } from '@contract/api/profile';
import { useChangePassword } from '../../../api/profile';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/toast/toast';
import { errorMessage, fieldErrors, toldGlobally } from '../request-errors';
import { FormField } from './form-field';
import form from '../../../components/form/form.module.scss';
import styles from './profile-page.module.scss';

type Field = 'current_password' | 'password';
type Problems = Partial<Record<Field | 'form', string>>;

/**
 * Change the password (the current one is asked), or set the first one for an account that only ever
 * signed in through a social network.
 */
export function PasswordForm({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const id = useId();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (hasPassword && !current) found.current_password = 'Введите текущий пароль';
    const checked = newPasswordField.safeParse(next);
    if (!checked.success) found.password = checked.error.issues[0]?.message;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      await change.mutateAsync(
        hasPassword ? { current_password: current, password: next } : { password: next },
      );
      setCurrent('');
      setNext('');
      toast.success(
        hasPassword ? 'Пароль изменён' : 'Пароль задан',
        hasPassword ? 'На других устройствах понадобится войти заново.' : undefined,
      );
    } catch (error) {
      const byField = fieldErrors(error);
      const marked: Problems = {};
      if (byField.current_password) marked.current_password = byField.current_password;
      if (byField.password) marked.password = byField.password;
      // Field marks are added even when the global error modal has spoken: they show where to fix.
      if (Object.keys(marked).length === 0 && !toldGlobally(error)) {
        marked.form = errorMessage(error);
      }
      setProblems(marked);
    }
  };

  return (
    <form
      className={styles.subform}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className={styles.subtitle}>
        {hasPassword ? 'Смена пароля' : 'Пароль для входа по почте'}
      </h3>
      {!hasPassword && (
        <p className={styles.hint}>
          Вы входите через социальную сеть. Задайте пароль, чтобы входить и по адресу почты.
        </p>
      )}
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      {problems.form && (
        <p className={form.alert} role="alert">
          {problems.form}
        </p>
      )}
      {hasPassword && (
        <FormField id={`${id}-current`} label="Текущий пароль" error={problems.current_password}>
          {(props) => (
            <input
              {...props}
              className={form.input}
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(event) => {
                setCurrent(event.target.value);
                setProblems(({ current_password: _fixed, ...rest }) => rest);
              }}
            />
          )}
        </FormField>
      )}
      <FormField
        id={`${id}-new`}
        label={hasPassword ? 'Новый пароль' : 'Пароль'}
        error={problems.password}
        hint={`Не короче ${PASSWORD_MIN_LENGTH} символов и не только из цифр.`}
      >
        {(props) => (
          <input
            {...props}
            className={form.input}
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => {
              setNext(event.target.value);
              setProblems(({ password: _fixed, ...rest }) => rest);
            }}
          />
        )}
      </FormField>
      <div className={styles.formActions}>
        <Button type="submit" variant="secondary" loading={change.isPending}>
          {hasPassword ? 'Изменить пароль' : 'Задать пароль'}
        </Button>
      </div>
    </form>
  );
}
