import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { newPasswordField, PASSWORD_MIN_LENGTH } from '@contract/api/profile';
import { useChangePassword } from '../../../api/profile';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/toast/toast';
import { errorMessage, fieldErrors, toldGlobally } from '../request-errors';
import { FormField } from './form-field';
import form from '../../../components/form/form.module.scss';
import styles from './profile-page.module.scss';

interface PasswordValues {
  current_password: string;
  password: string;
}

/**
 * Change the password (the current one is asked), or set the first one for an account that only ever
 * signed in through a social network.
 */
export function PasswordForm({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const id = useId();
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<PasswordValues>({
    defaultValues: { current_password: '', password: '' },
    // A message stays until its field changes, then goes: no checking while the parent types.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const currentField = register('current_password', {
    validate: (value) => !hasPassword || value !== '' || 'Введите текущий пароль',
    onChange: () => clearErrors('current_password'),
  });
  const passwordField = register('password', {
    validate: (value) => {
      const checked = newPasswordField.safeParse(value);
      return checked.success || (checked.error.issues[0]?.message ?? false);
    },
    onChange: () => clearErrors('password'),
  });

  const submit = handleSubmit(async ({ current_password, password }) => {
    try {
      await change.mutateAsync(hasPassword ? { current_password, password } : { password });
      reset();
      toast.success(
        hasPassword ? 'Пароль изменён' : 'Пароль задан',
        hasPassword ? 'На других устройствах понадобится войти заново.' : undefined,
      );
    } catch (error) {
      const byField = fieldErrors(error);
      const marked = (['current_password', 'password'] as const).filter((name) => byField[name]);
      // Field marks are added even when the global error modal has spoken: they show where to fix.
      marked.forEach((name) => setError(name, { message: byField[name] }));
      if (marked.length === 0 && !toldGlobally(error)) setFailure(errorMessage(error));
    }
  });

  return (
    <form
      className={styles.subform}
      onSubmit={(event) => {
        setFailure(null);
        void submit(event);
      }}
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
      {failure && (
        <p className={form.alert} role="alert">
          {failure}
        </p>
      )}
      {hasPassword && (
        <FormField
          id={`${id}-current`}
          label="Текущий пароль"
          error={errors.current_password?.message}
        >
          {(props) => (
            <input
              {...props}
              className={form.input}
              type="password"
              autoComplete="current-password"
              {...currentField}
            />
          )}
        </FormField>
      )}
      <FormField
        id={`${id}-new`}
        label={hasPassword ? 'Новый пароль' : 'Пароль'}
        error={errors.password?.message}
        hint={`Не короче ${PASSWORD_MIN_LENGTH} символов и не только из цифр.`}
      >
        {(props) => (
          <input
            {...props}
            className={form.input}
            type="password"
            autoComplete="new-password"
            {...passwordField}
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
