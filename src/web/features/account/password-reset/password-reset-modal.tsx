import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { newPasswordField } from '@contract/api/auth';
import { ModalShell } from '../../../components/modal/modal-shell';
import { ModalArt } from '../../../components/modal/modal-art';
import { closeModal, openModal } from '../../../components/modal/modal-store';
import { queryProp } from '../../../components/modal/query-prop';
import { PasswordField } from '../register/password-field';
import { resetPassword } from '../../../api/auth';
import { errorMessage, fieldErrors } from '../../../api/interceptors';
import { isLoggedIn, loadProfile } from '../../../api/session';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import { FormAlert } from '../../../components/form/form-alert';
import form from '../../../components/form/form.module.scss';
import content from '../../../components/modal/modal-content.module.scss';
import styles from '../register/account-forms.module.scss';

const resetForm = z
  .object({ password: newPasswordField, repeat: z.string() })
  .refine((values) => values.password === values.repeat, {
    path: ['repeat'],
    message: 'Пароли не совпадают',
  });
type ResetFormInput = z.input<typeof resetForm>;
type ResetFormOutput = z.output<typeof resetForm>;

/** A problem with the link itself (used, expired, another address): a new one is the way out. */
interface LinkProblem {
  message: string;
}

/** `/password-reset?token=…&email=…`, the link of the reset mail (docs/ARCHITECTURE.md). */
export default function PasswordResetModal(props: Record<string, unknown>) {
  const id = useId();
  const token = queryProp(props, 'token');
  const email = queryProp(props, 'email');
  const [linkProblem, setLinkProblem] = useState<LinkProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ResetFormInput, unknown, ResetFormOutput>({
    resolver: zodResolver(resetForm),
    defaultValues: { password: '', repeat: '' },
  });
  const password = watch('password');

  if (!token || !email) {
    return (
      <ModalShell title="Ссылка неполная" size="sm" art={<ModalArt kind="info" />}>
        <p className={content.text}>
          В этой ссылке не хватает данных. Откройте ссылку из письма ещё раз или запросите новое
          письмо.
        </p>
        <div className={content.actions}>
          <Button variant="secondary" onClick={closeModal}>
            Закрыть
          </Button>
          <Button onClick={() => openModal('password-restore')} autoFocus>
            Запросить письмо
          </Button>
        </div>
      </ModalShell>
    );
  }

  if (done) {
    return (
      <ModalShell title="Пароль изменён" size="sm" art={<ModalArt kind="success" />}>
        <p className={content.text}>
          Теперь войдите с новым паролем. На всех устройствах, где вы были в личном кабинете,
          понадобится войти заново.
        </p>
        <div className={content.actions}>
          <Button onClick={() => openModal('login', { email })} autoFocus>
            Войти
          </Button>
        </div>
      </ModalShell>
    );
  }

  if (linkProblem) {
    return (
      <ModalShell title="Ссылка не сработала" size="sm" art={<ModalArt kind="error" />}>
        <p className={content.text}>{linkProblem.message}</p>
        <div className={content.actions}>
          <Button variant="secondary" onClick={closeModal}>
            Закрыть
          </Button>
          <Button onClick={() => openModal('password-restore', { email })} autoFocus>
            Получить новую ссылку
          </Button>
        </div>
      </ModalShell>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword({ token, email, password: values.password });
      setDone(true);
      // Every session of the account is revoked: a profile load finds out whether this tab's was one.
      if (isLoggedIn()) void loadProfile({ skip_error: true });
    } catch (error) {
      const byField = fieldErrors(error);
      if (byField.password) {
        setError('password', { message: byField.password }, { shouldFocus: true });
      } else if (byField.token || byField.email) {
        setLinkProblem({ message: byField.token ?? byField.email ?? errorMessage(error) });
      } else {
        setFailure(errorMessage(error));
      }
    }
  });

  return (
    <ModalShell title="Новый пароль" size="sm">
      <p className={styles.intro}>
        Для входа с адресом <EmailText className={styles.emailLine} email={email} />.
      </p>
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert message={failure} />
        {/* Lets password managers save the new password for the right account. */}
        <input type="email" value={email} autoComplete="username" readOnly hidden />
        <PasswordField
          id={`${id}-password`}
          label="Новый пароль"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password?.message}
          ruleFor={password}
        />
        <PasswordField
          id={`${id}-repeat`}
          label="Повторите пароль"
          autoComplete="new-password"
          registration={register('repeat')}
          error={errors.repeat?.message}
        />
        <Button type="submit" size="lg" block loading={isSubmitting}>
          Сохранить пароль
        </Button>
      </form>
    </ModalShell>
  );
}
