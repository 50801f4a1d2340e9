import { ModalShell } from '../../../components/modal/modal-shell';
import { ModalArt } from '../../../components/modal/modal-art';
import { closeModal, openModal } from '../../../components/modal/modal-store';
import { ResendBlock } from './resend-block';
import { useResendVerification } from './use-resend-verification';
import { useSession } from '../../../api/session';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import content from '../../../components/modal/modal-content.module.scss';
import styles from '../register/account-forms.module.scss';

/**
 * docs/PRODUCT.md «Screens and routes» 'support with unconfirmed email': we answer by mail, so an unconfirmed address is confirmed
 * first. Shows the address and sends the confirmation mail again.
 */
export default function SupportUnconfirmedEmailModal() {
  const { isLoggedIn, profile } = useSession();
  const { state, send } = useResendVerification();

  if (!isLoggedIn) {
    return (
      <ModalShell title="Войдите в личный кабинет" size="sm" art={<ModalArt kind="info" />}>
        <p className={content.text}>Чтобы подтвердить почту, сначала войдите.</p>
        <div className={content.actions}>
          <Button onClick={() => openModal('login')} autoFocus>
            Войти
          </Button>
        </div>
      </ModalShell>
    );
  }

  if (profile?.email_verified) {
    return (
      <ModalShell title="Почта подтверждена" size="sm" art={<ModalArt kind="success" />}>
        <p className={content.text}>
          Адрес <EmailText className={styles.emailLine} email={profile.email} /> уже подтверждён —
          ответы поддержки придут на него.
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
    <ModalShell title="Подтвердите почту" size="sm" art={<ModalArt kind="info" />}>
      <p className={content.text}>
        Мы отвечаем на обращения письмом, а адрес
        {profile ? (
          <>
            {' '}
            <EmailText className={styles.emailLine} email={profile.email} />{' '}
          </>
        ) : (
          ' вашей почты '
        )}
        ещё не подтверждён. Откройте письмо от Школы Умняшек и нажмите «Подтвердить почту».
      </p>
      <p className={content.text}>Письма нет? Проверьте папку «Спам» или получите новое.</p>
      <ResendBlock state={state} onSend={() => void send()} email={profile?.email} />
      <Button variant="ghost" onClick={closeModal}>
        Закрыть
      </Button>
    </ModalShell>
  );
}
