import type { SocialNetwork } from '@contract/api/auth';
import { SOCIAL_NETWORK_TITLES } from '@contract/api/oauth-values';
import { SandboxMailNote } from '../../../components/form/sandbox-mail-note';
import { pathTo } from '../../../lib/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { readPayAfter } from '../../checkout';
import { ModalShell } from '../../../components/modal/modal-shell';
import { ModalArt } from '../../../components/modal/modal-art';
import { closeModal, openModal } from '../../../components/modal/modal-store';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import content from '../../../components/modal/modal-content.module.scss';
import styles from './account-forms.module.scss';

/**
 * After registration: the parent is in. By e-mail, the confirmation mail is on its way; through a social
 * network the address came confirmed — or did not come, and the profile is where to add it. The next step
 * offered is the payment a guest started (a gift needs no child), otherwise adding a child.
 */
export function WelcomeView({
  name,
  email,
  social,
}: {
  name: string;
  email?: string;
  social?: { network: SocialNetwork; email: string | null };
}) {
  const waiting = readPayAfter();
  return (
    <ModalShell title={`Добро пожаловать, ${name}!`} size="sm" art={<ModalArt kind="success" />}>
      <p className={content.text}>Аккаунт создан, и&nbsp;вы уже вошли в&nbsp;личный кабинет.</p>
      {email !== undefined && (
        <>
          <p className={content.text}>
            Мы отправили письмо на <EmailText className={styles.emailLine} email={email} />.
            Откройте его и нажмите «Подтвердить почту» — ссылка действует 24&nbsp;часа.
          </p>
          <SandboxMailNote />
        </>
      )}
      {social && social.email === null && (
        <p className={content.text}>
          {SOCIAL_NETWORK_TITLES[social.network]} не передал адрес почты. Добавьте его в профиле —
          туда придут письма о занятиях и подписке.
        </p>
      )}
      <div className={content.actions}>
        {waiting ? (
          <ButtonLink
            to={pathTo(waiting.kind === 'gift' ? 'gift' : 'tariffs')}
            onClick={closeModal}
            autoFocus
          >
            {waiting.kind === 'gift' ? 'Перейти к оплате подарка' : 'Перейти к оплате'}
          </ButtonLink>
        ) : (
          <>
            <Button variant="secondary" onClick={closeModal}>
              Позже
            </Button>
            <Button onClick={() => openModal('add-child', {})} autoFocus>
              Добавить ребёнка
            </Button>
          </>
        )}
      </div>
    </ModalShell>
  );
}
