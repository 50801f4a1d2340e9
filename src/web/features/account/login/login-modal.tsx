import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { loginBody } from '@contract/api/auth';
import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, openModal } from '../../../components/modal/modal-store';
import { queryProp } from '../../../components/modal/query-prop';
import { SocialButtons } from './social-buttons';
import { PasswordField } from '../register/password-field';
import { openSupportUnconfirmed } from '../unconfirmed-email/open-support-unconfirmed';
import { login } from '../../../api/auth';
import { useSessionStore } from '../../../api/session';
import { errorMessage, fieldErrors } from '../../../api/interceptors';
import { usePublicConfig } from '../../../api/config';
import { Button } from '../../../components/ui/button';
import { EmailField } from '../../../components/form/email-field';
import { FormAlert } from '../../../components/form/form-alert';
import { getCaptchaToken, preloadRecaptcha } from '../../../api/recaptcha';
import { toast } from '../../../components/toast/toast';
import form from '../../../components/form/form.module.scss';

const loginForm = loginBody.omit({ captcha_token: true }).extend({ isSaveAuth: z.boolean() });
type LoginFormInput = z.input<typeof loginForm>;
type LoginFormOutput = z.output<typeof loginForm>;

const DEMO = { email: 'demo@umnyashki.ru', password: 'umnyashki-demo' };

/** What opens the login may explain why (a social sign-in that needs the password) and what comes next. */
interface LoginModalProps {
  /** Prefills the address (after a password reset, from another form). */
  email?: string;
  /** A notice above the form, e.g. why a social sign-in did not go through. */
  notice?: string;
  /** After signing in, continue to this: a parent with an unconfirmed address gets a fresh mail. */
  next?: 'support-unconfirmed-email';
}

function readProps(props: Record<string, unknown>): LoginModalProps {
  return {
    email: queryProp(props, 'email'),
    notice: queryProp(props, 'notice'),
    next: props.next === 'support-unconfirmed-email' ? props.next : undefined,
  };
}

export default function LoginModal(rawProps: Record<string, unknown>) {
  const props = readProps(rawProps);
  const id = useId();
  const { data: config } = usePublicConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginForm),
    defaultValues: { email: props.email ?? '', password: '', isSaveAuth: true },
  });

  useEffect(preloadRecaptcha, []);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const captcha_token = await getCaptchaToken('login');
      await login({ ...values, captcha_token });
      toast.success('Вы вошли в личный кабинет');
      const profile = useSessionStore.getState().profile;
      if (props.next === 'support-unconfirmed-email' && profile && !profile.email_verified) {
        openSupportUnconfirmed();
      } else {
        closeModal();
      }
    } catch (error) {
      const byField = fieldErrors(error);
      for (const [field, message] of Object.entries(byField)) {
        if (field === 'email' || field === 'password') setError(field, { message });
      }
      if (Object.keys(byField).length === 0) setFailure(errorMessage(error));
    }
  });

  return (
    <ModalShell title="Вход в личный кабинет" size="sm">
      {props.notice && (
        <p className={form.note} role="status">
          {props.notice}
        </p>
      )}
      <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert message={failure} />
        <EmailField id={`${id}-email`} error={errors.email?.message} {...register('email')} />
        <PasswordField
          id={`${id}-password`}
          label="Пароль"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <div className={form.row}>
          <label className={form.check}>
            <input type="checkbox" {...register('isSaveAuth')} />
            Запомнить меня
          </label>
          <button
            type="button"
            className={form.link}
            onClick={() => openModal('password-restore', { email: getValues('email') })}
          >
            Забыли пароль?
          </button>
        </div>
        <Button type="submit" size="lg" block loading={isSubmitting}>
          Войти
        </Button>
        {config?.sandbox && (
          <p className={form.note}>
            Демо-режим: войдите как {DEMO.email}, пароль {DEMO.password}.{' '}
            <button
              type="button"
              className={form.link}
              onClick={() => {
                setValue('email', DEMO.email);
                setValue('password', DEMO.password);
              }}
            >
              Подставить
            </button>
          </p>
        )}
      </form>
      <SocialButtons />
      <p className={form.footer}>
        Ещё нет аккаунта?{' '}
        <button type="button" className={form.link} onClick={() => openModal('register')}>
          Зарегистрироваться
        </button>
      </p>
    </ModalShell>
  );
}
