import { SandboxMailNote } from '../../components/form/sandbox-mail-note';
import { ModalShell } from '../modal-shell';
import { ModalArt } from '../modal-art';
import { closeModal, openModal } from '../modal-store';
import { isModalAvailable } from '../registry';
import { Button } from '../../components/ui/button';
import { EmailText } from '../../components/ui/email-text';
import content from '../modal-content.module.scss';
import styles from './account-forms.module.scss';

/** After registration: the parent is in, and the confirmation mail is on its way. */
export function WelcomeView({ name, email }: { name: string; email: string }) {
  const canAddChild = isModalAvailable('add-child');
  return (
    <ModalShell title={`Добро пожаловать, ${name}!`} size="sm" art={<ModalArt kind="success" />}>
      <p className={content.text}>Аккаунт создан, и&nbsp;вы уже вошли в&nbsp;личный кабинет.</p>
      <p className={content.text}>
        Мы отправили письмо на <EmailText className={styles.emailLine} email={email} />. Откройте
        его и нажмите «Подтвердить почту» — ссылка действует 24&nbsp;часа.
      </p>
      <SandboxMailNote />
      <div className={content.actions}>
        {canAddChild ? (
          <>
            <Button variant="secondary" onClick={closeModal}>
              Позже
            </Button>
            <Button onClick={() => openModal('add-child', {})} autoFocus>
              Добавить ребёнка
            </Button>
          </>
        ) : (
          <Button onClick={closeModal} autoFocus>
            Отлично
          </Button>
        )}
      </div>
    </ModalShell>
  );
}
