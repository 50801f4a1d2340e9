import { useState } from 'react';
import { useResendVerification } from '../../api/profile';
import { EmailText } from '../../components/ui/email-text';
import { errorMessage, toldGlobally } from './request-errors';
import styles from './email-banner.module.scss';

type Outcome = { kind: 'sent' } | { kind: 'failed'; message: string } | null;

/** Reminds to confirm the address and sends the link again (rate-limited on the server). */
export function EmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = () => {
    setOutcome(null);
    resend.mutate(undefined, {
      onSuccess: () => setOutcome({ kind: 'sent' }),
      onError: (error) => {
        if (!toldGlobally(error)) setOutcome({ kind: 'failed', message: errorMessage(error) });
      },
    });
  };

  return (
    <section className={styles.banner} aria-labelledby="email-banner-title">
      <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true">
        <rect
          x="4"
          y="10"
          width="40"
          height="28"
          rx="6"
          fill="#fff"
          stroke="#ff8a3d"
          strokeWidth="3"
        />
        <path
          d="m8 15 16 12 16-12"
          fill="none"
          stroke="#ff8a3d"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="40" cy="12" r="7" fill="#e5484d" />
        <path d="M40 8.5v4.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
        <circle cx="40" cy="15.6" r="1.3" fill="#fff" />
      </svg>
      <div className={styles.body}>
        <h2 id="email-banner-title" className={styles.title}>
          Подтвердите адрес почты
        </h2>
        <p className={styles.text}>
          Мы отправили письмо со ссылкой на{' '}
          <strong className={styles.email}>
            <EmailText email={email} />
          </strong>
          . Без подтверждения не получится восстановить пароль, если вы его забудете.
        </p>
        <p className={styles.status} role="status">
          {outcome?.kind === 'sent' &&
            'Письмо отправлено. Проверьте почту, а если его нет — папку «Спам».'}
          {outcome?.kind === 'failed' && <span className={styles.failed}>{outcome.message}</span>}
        </p>
      </div>
      <button
        type="button"
        className={styles.action}
        onClick={send}
        disabled={resend.isPending}
        aria-busy={resend.isPending || undefined}
      >
        {resend.isPending ? 'Отправляем…' : 'Отправить письмо ещё раз'}
      </button>
    </section>
  );
}
