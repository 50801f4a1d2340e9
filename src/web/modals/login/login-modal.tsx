import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { loginBody } from '@contract/api/auth';
import { ModalShell } from '../modal-shell';
import { closeModal, openModal } from '../modal-store';
import { isModalAvailable } from '../registry';
import { login } from '../../api/auth';
import { errorMessage, fieldErrors } from '../../api/interceptors';
import { usePublicConfig } from '../../api/config';
import { Button } from '../../components/ui';
import { getCaptchaToken, preloadRecaptcha } from '../../lib/recaptcha';
import { toast } from '../../components/toast/toast';
import form from '../form.module.scss';

const loginForm = loginBody.omit({ captcha_token: true }).extend({ isSaveAuth: z.boolean() });
type LoginFormInput = z.input<typeof loginForm>;
type LoginFormOutput = z.output<typeof loginForm>;

const DEMO = { email: 'demo@umnyashki.ru', password: 'umnyashki-demo' };

export default function LoginModal() {
  const id = useId();
  const { data: config } = usePublicConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginForm),
    defaultValues: { email: '', password: '', isSaveAuth: true },
  });

  useEffect(preloadRecaptcha, []);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const captcha_token = await getCaptchaToken('login');
      await login({ ...values, captcha_token });
      closeModal();
      toast.success('Вы вошли в личный кабинет');
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
      <form className={form.form} onSubmit={onSubmit} noValidate>
        {failure && (
          <p className={form.alert} role="alert">
            {failure}
          </p>
        )}
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-email`}>
            Электронная почта
          </label>
          <input
            id={`${id}-email`}
            className={form.input}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="name@example.ru"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
            {...register('email')}
          />
          {errors.email && (
            <span id={`${id}-email-error`} className={form.fieldError}>
              {errors.email.message}
            </span>
          )}
        </div>
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-password`}>
            Пароль
          </label>
          <input
            id={`${id}-password`}
            className={form.input}
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${id}-password-error` : undefined}
            {...register('password')}
          />
          {errors.password && (
            <span id={`${id}-password-error`} className={form.fieldError}>
              {errors.password.message}
            </span>
          )}
        </div>
        <div className={form.row}>
          <label className={form.check}>
            <input type="checkbox" {...register('isSaveAuth')} />
            Запомнить меня
          </label>
          {isModalAvailable('password-restore') && (
            <button
              type="button"
              className={form.link}
              onClick={() => openModal('password-restore')}
            >
              Забыли пароль?
            </button>
          )}
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
      {isModalAvailable('register') && (
        <p className={form.footer}>
          Ещё нет аккаунта?{' '}
          <button type="button" className={form.link} onClick={() => openModal('register')}>
            Зарегистрироваться
          </button>
        </p>
      )}
    </ModalShell>
  );
}
