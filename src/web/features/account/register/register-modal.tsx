import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CAPTCHA_ACTIONS, MAILING_CONSENT, registerBody } from '@contract/api/auth';
import { PAGE_SLUGS } from '@contract/api/content';
import { displayEmail } from '@contract/email';
import { ModalShell } from '../../../components/modal/modal-shell';
import { closeModal, openModal } from '../../../components/modal/modal-store';
import { DocumentPanel } from './document-panel';
import { PasswordField } from './password-field';
import { WelcomeView } from './welcome-view';
import { register as registerParent } from '../../../api/auth';
import { errorMessage, fieldErrors } from '../../../api/interceptors';
import { Button } from '../../../components/ui/button';
import { EmailField } from '../../../components/form/email-field';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { getCaptchaToken, preloadRecaptcha } from '../../../api/recaptcha';
import { pathTo } from '../../../lib/routes';
import form from '../../../components/form/form.module.scss';
import styles from './account-forms.module.scss';

// The contract's rules; the consent checkbox starts unticked, so the form holds a boolean.
const registerForm = registerBody.omit({ captcha_token: true }).extend({
  consent_personal_data: z
    .boolean()
    .refine(
      (given) => given,
      'Без согласия на обработку персональных данных зарегистрироваться нельзя',
    ),
  consent_mailing: z.boolean(),
});
type RegisterFormInput = z.input<typeof registerForm>;
type RegisterFormOutput = z.output<typeof registerForm>;
type FormField = keyof RegisterFormInput;
const FORM_FIELDS: readonly string[] = [
  'name',
  'email',
  'password',
  'consent_personal_data',
  'consent_mailing',
] satisfies FormField[];

function isFormField(field: string): field is FormField {
  return FORM_FIELDS.includes(field);
}

const DOCUMENTS = {
  consent: { slug: PAGE_SLUGS.personalData, title: 'Согласие на обработку персональных данных' },
  privacy: { slug: PAGE_SLUGS.privacy, title: 'Политика конфиденциальности' },
} as const;
type DocumentKey = keyof typeof DOCUMENTS;

/**
 * docs/PRODUCT.md «Screens and routes» register modal: docs/ARCHITECTURE.md body plus the page's query string (ref, utm_*). As
 * buy-and-register (`purpose: 'pay'`) it says a choice is waiting and, once registered, goes on to the
 * personal area, which opens where that choice is paid (pay_after).
 */
export default function RegisterModal({ purpose }: { purpose?: 'pay' } = {}) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const [document, setDocument] = useState<DocumentKey | null>(null);
  const [welcome, setWelcome] = useState<{ name: string; email: string } | null>(null);
  const documentOpener = useRef<HTMLButtonElement | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerForm),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      consent_personal_data: false,
      // A separate, optional consent: never ticked for the parent.
      consent_mailing: false,
    },
  });
  const password = watch('password');

  useEffect(preloadRecaptcha, []);

  const onSubmit = handleSubmit(async ({ consent_personal_data: _given, ...values }) => {
    setFailure(null);
    setEmailTaken(false);
    try {
      const captcha_token = await getCaptchaToken(CAPTCHA_ACTIONS.register);
      await registerParent({ ...values, consent_personal_data: true, captcha_token });
      if (purpose === 'pay') {
        closeModal();
        // A fresh start as a signed-in parent: the personal area opens where the choice is paid.
        window.location.assign(pathTo('personal'));
        return;
      }
      // values.email is the stored form (punycode domain); the parent reads it as typed: почта.рф.
      setWelcome({ name: values.name, email: displayEmail(values.email) });
    } catch (error) {
      const byField = fieldErrors(error);
      let shown = false;
      for (const [field, message] of Object.entries(byField)) {
        if (!isFormField(field)) continue;
        setError(field, { message }, { shouldFocus: !shown });
        shown = true;
        if (field === 'email' && /зарегистр/i.test(message)) setEmailTaken(true);
      }
      if (!shown) setFailure(errorMessage(error));
    }
  });

  if (welcome) return <WelcomeView name={welcome.name} email={welcome.email} />;

  const openDocument = (key: DocumentKey) => (event: MouseEvent<HTMLButtonElement>) => {
    documentOpener.current = event.currentTarget;
    setDocument(key);
  };
  const closeDocument = () => {
    setDocument(null);
    // Back where the parent was: the link under the consent.
    requestAnimationFrame(() => documentOpener.current?.focus());
  };

  return (
    <ModalShell
      title={purpose === 'pay' ? 'Регистрация и оплата' : 'Регистрация'}
      size={document ? 'lg' : 'md'}
      // Reading a document is a step inside the form: Escape goes back to it, not out of the modal.
      onEscape={document ? closeDocument : undefined}
    >
      {document && (
        <DocumentPanel
          slug={DOCUMENTS[document].slug}
          fallbackTitle={DOCUMENTS[document].title}
          onBack={closeDocument}
        />
      )}
      {/* Hidden, not unmounted, while a document is read: what the parent typed stays. */}
      <div className={styles.view} hidden={document !== null}>
        <p className={styles.intro}>
          {purpose === 'pay'
            ? 'Выбор сохранён. Создайте аккаунт — это займёт минуту, — и перейдём к оплате. Письмо для подтверждения почты придёт следом.'
            : 'Создайте аккаунт — это займёт минуту.'}
        </p>
        <form className={form.form} onSubmit={(event) => void onSubmit(event)} noValidate>
          <FormAlert message={failure} />
          <TextField
            id={`${id}-name`}
            label="Имя"
            type="text"
            autoComplete="given-name"
            placeholder="Как к вам обращаться"
            error={errors.name?.message}
            {...register('name')}
          />
          <EmailField
            id={`${id}-email`}
            error={errors.email?.message}
            hint="Пришлём письмо, чтобы подтвердить адрес"
            hintClassName={styles.hint}
            after={
              emailTaken && (
                <span className={styles.links}>
                  <button type="button" className={form.link} onClick={() => openModal('login')}>
                    Войти
                  </button>
                  <button
                    type="button"
                    className={form.link}
                    onClick={() => openModal('password-restore', { email: getValues('email') })}
                  >
                    Восстановить пароль
                  </button>
                </span>
              )
            }
            {...register('email')}
          />
          <PasswordField
            id={`${id}-password`}
            label="Пароль"
            autoComplete="new-password"
            registration={register('password')}
            error={errors.password?.message}
            ruleFor={password}
          />
          <div className={styles.consents}>
            <div className={styles.consent}>
              <label className={styles.consentCheck}>
                <input
                  type="checkbox"
                  aria-invalid={errors.consent_personal_data ? true : undefined}
                  aria-describedby={
                    errors.consent_personal_data ? `${id}-consent-error` : undefined
                  }
                  {...register('consent_personal_data')}
                />
                <span>Даю согласие на обработку моих персональных данных</span>
              </label>
              <span className={styles.consentLinks}>
                <button type="button" className={form.link} onClick={openDocument('consent')}>
                  Текст согласия
                </button>
                <button type="button" className={form.link} onClick={openDocument('privacy')}>
                  Политика конфиденциальности
                </button>
              </span>
              {errors.consent_personal_data && (
                <span
                  id={`${id}-consent-error`}
                  className={`${form.fieldError} ${styles.consentError}`}
                >
                  {errors.consent_personal_data.message}
                </span>
              )}
            </div>
            <label className={styles.consentCheck}>
              <input type="checkbox" {...register('consent_mailing')} />
              <span>
                {/* The server stores this wording's version with the consent: keep it verbatim. */}
                {MAILING_CONSENT.text} <span className={styles.optional}>(по желанию)</span>
              </span>
            </label>
          </div>
          <Button type="submit" size="lg" block loading={isSubmitting}>
            Зарегистрироваться
          </Button>
        </form>
        <p className={form.footer}>
          Уже есть аккаунт?{' '}
          <button type="button" className={form.link} onClick={() => openModal('login')}>
            Войти
          </button>
        </p>
      </div>
    </ModalShell>
  );
}

/** docs/PRODUCT.md «Screens and routes» buy-and-register: registration on the way to paying for what a guest chose. */
export function BuyAndRegisterModal() {
  return <RegisterModal purpose="pay" />;
}
