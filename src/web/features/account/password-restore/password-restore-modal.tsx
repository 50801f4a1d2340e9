import { SandboxMailNote } from '../../../components/form/sandbox-mail-note';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CAPTCHA_ACTIONS, passwordEmailBody } from '@contract/api/auth';
import { displayEmail } from '@contract/email';
import { ModalShell } from '../../../components/modal/modal-shell';
import { ModalArt } from '../../../components/modal/modal-art';
import { closeModal, openModal } from '../../../components/modal/modal-store';
import { queryProp } from '../../../components/modal/query-prop';
import { requestPasswordReset } from '../../../api/auth';
import { errorMessage, fieldErrors } from '../../../api/interceptors';
import { Button } from '../../../components/ui/button';
import { EmailField } from '../../../components/form/email-field';
import { FormAlert } from '../../../components/form/form-alert';
import { getCaptchaToken, preloadRecaptcha } from '../../../api/recaptcha';
import form from '../../../components/form/form.module.scss';
import content from '../../../components/modal/modal-content.module.scss';
import styles from '../register/account-forms.module.scss';

const restoreForm = passwordEmailBody.pick({ email: true });
type RestoreFormInput = z.input<typeof restoreForm>;
type RestoreFormOutput = z.output<typeof restoreForm>;

/**
 * docs/PRODUCT.md «Screens and routes» password restore: asks for the address and always gives the same answer, so the form does not
 * tell who has an account here.
 */
export default function PasswordRestoreModal(props: Record<string, unknown>) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RestoreFormInput, unknown, RestoreFormOutput>({
    resolver: zodResolver(restoreForm),
    defaultValues: { email: queryProp(props, 'email') ?? '' },
  });

  useEffect(preloadRecaptcha, []);

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const captcha_token = await getCaptchaToken(CAPTCHA_ACTIONS.passwordEmail);
      await requestPasswordReset({ email, captcha_token });
      // The stored form has the domain in punycode; the parent reads it as typed.
      setSentTo(displayEmail(email));
    } catch (error) {
      const byField = fieldErrors(error);
      if (byField.email) setError('email', { message: byField.email }, { shouldFocus: true });
      else setFailure(errorMessage(error));
    }
  });

  if (sentTo) {
    return (
      <ModalShell title="Проверьте почту" size="sm" art={<ModalArt kind="info" />}>
        <p className={content.text}>
          Если адрес <span className={styles.emailLine}>{sentTo}</span> зарегистрирован, мы
          отправили на него письмо со ссылкой для нового пароля. Ссылка действует 60 минут.
        </p>
        <p className={content.text}>Письма нет через пару минут? Загляните в папку «Спам».</p>
        <SandboxMailNote />
        <div className={content.actions}>
          <Button variant="secondary" onClick={() => setSentTo(null)}>
            Другой адрес
          </Button>
          <Button onClick={closeModal} autoFocus>
            Понятно
          </Button>
        </div>
      </ModalShell>
    );
  }

  return (
    <ModalShell title="Восстановление пароля" size="sm">
      <p className={styles.intro}>
        Напишите адрес, с которым регистрировались, — пришлём ссылку, чтобы задать новый пароль.
      </p>
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert message={failure} />
        <EmailField id={`${id}-email`} error={errors.email?.message} {...register('email')} />
        <Button type="submit" size="lg" block loading={isSubmitting}>
          Получить ссылку
        </Button>
      </form>
      <p className={form.footer}>
        Вспомнили пароль?{' '}
        <button type="button" className={form.link} onClick={() => openModal('login')}>
          Войти
        </button>
      </p>
    </ModalShell>
  );
}
