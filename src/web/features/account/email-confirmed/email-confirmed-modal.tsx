import { useEffect, useState } from 'react';
import { ModalShell } from '../../../components/modal/modal-shell';
import { ModalArt } from '../../../components/modal/modal-art';
import { closeModal, openModal } from '../../../components/modal/modal-store';
import { queryProp } from '../../../components/modal/query-prop';
import { ResendBlock } from '../unconfirmed-email/resend-block';
import { useResendVerification } from '../unconfirmed-email/use-resend-verification';
import { verifyEmail } from '../../../api/auth';
import { errorMessage, fieldErrors } from '../../../api/interceptors';
import { isLoggedIn as hasSession, loadProfile, useSession } from '../../../api/session';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import content from '../../../components/modal/modal-content.module.scss';

type State =
  | { kind: 'no-token' }
  | { kind: 'checking' }
  | { kind: 'confirmed' }
  | { kind: 'failed'; message: string };

// One check per token: React's strict mode mounts twice, and a used token fails the second time.
const checks = new Map<string, Promise<void>>();

function checkOnce(token: string): Promise<void> {
  let pending = checks.get(token);
  if (!pending) {
    pending = verifyEmail(token);
    checks.set(token, pending);
  }
  return pending;
}

/**
 * `/confirmed?verified_token=…`, the link of the confirmation mail (docs/ARCHITECTURE.md): the SPA confirms
 * the address and says how it went; a used, expired or forged link gets the server's reason and, for a
 * logged-in parent, a fresh mail.
 */
export default function EmailConfirmedModal(props: Record<string, unknown>) {
  const token = queryProp(props, 'verified_token');
  const [state, setState] = useState<State>(token ? { kind: 'checking' } : { kind: 'no-token' });
  const { isLoggedIn, profile } = useSession();
  const resend = useResendVerification();

  useEffect(() => {
    if (!token) return;
    let alive = true;
    checkOnce(token)
      .then(() => {
        if (!alive) return;
        setState({ kind: 'confirmed' });
        if (hasSession()) void loadProfile({ skip_error: true });
      })
      .catch((error: unknown) => {
        if (!alive) return;
        const byField = fieldErrors(error);
        setState({ kind: 'failed', message: byField.verified_token ?? errorMessage(error) });
        // The address may have been confirmed already (the link opened twice): the profile knows.
        if (hasSession()) void loadProfile({ skip_error: true });
      });
    return () => {
      alive = false;
    };
  }, [token]);

  switch (state.kind) {
    case 'checking':
      return (
        <ModalShell title="Подтверждаем почту…" size="sm" art={<ModalArt kind="wait" />}>
          <p className={content.text} aria-live="polite">
            Это займёт пару секунд.
          </p>
        </ModalShell>
      );
    case 'confirmed':
      return (
        <ModalShell title="Почта подтверждена" size="sm" art={<ModalArt kind="success" />}>
          <p className={content.text}>
            Спасибо! Теперь мы сможем присылать вам чеки, ответы поддержки и напоминания о занятиях.
          </p>
          <div className={content.actions}>
            {isLoggedIn ? (
              <Button onClick={closeModal} autoFocus>
                Отлично
              </Button>
            ) : (
              <Button onClick={() => openModal('login')} autoFocus>
                Войти
              </Button>
            )}
          </div>
        </ModalShell>
      );
    case 'failed':
      if (isLoggedIn && profile?.email_verified) {
        return (
          <ModalShell title="Почта уже подтверждена" size="sm" art={<ModalArt kind="success" />}>
            <p className={content.text}>
              Адрес <EmailText email={profile.email} /> подтверждён раньше — ничего делать не нужно.
            </p>
            <div className={content.actions}>
              <Button onClick={closeModal} autoFocus>
                Хорошо
              </Button>
            </div>
          </ModalShell>
        );
      }
      return (
        <ModalShell title="Ссылка не сработала" size="sm" art={<ModalArt kind="error" />}>
          <p className={content.text}>{state.message}</p>
          {isLoggedIn ? (
            <>
              <p className={content.text}>Пришлём новое письмо со свежей ссылкой.</p>
              <ResendBlock
                state={resend.state}
                onSend={() => void resend.send()}
                email={profile?.email}
              />
            </>
          ) : (
            <>
              <p className={content.text}>
                Войдите в личный кабинет — и мы пришлём новое письмо со свежей ссылкой.
              </p>
              <div className={content.actions}>
                <Button
                  onClick={() => openModal('login', { next: 'support-unconfirmed-email' })}
                  autoFocus
                >
                  Войти
                </Button>
              </div>
            </>
          )}
        </ModalShell>
      );
    case 'no-token':
      return (
        <ModalShell title="Ссылка неполная" size="sm" art={<ModalArt kind="info" />}>
          <p className={content.text}>
            В ссылке нет кода подтверждения. Откройте письмо ещё раз и нажмите кнопку «Подтвердить
            почту».
          </p>
          <div className={content.actions}>
            <Button onClick={closeModal}>Понятно</Button>
          </div>
        </ModalShell>
      );
  }
}
