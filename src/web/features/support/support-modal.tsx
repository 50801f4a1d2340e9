import { isPlaceholderEmail } from '@contract/api/oauth-values';
import { useSession } from '../../api/session';
import { ModalShell } from '../../components/modal/modal-shell';
import { SupportUnconfirmedEmailModal } from '../account';
import { openModal } from '../../components/modal/modal-store';
import { SupportForm } from './support-form';
import content from '../../components/modal/modal-content.module.scss';

/** The global «support» modal: the support form from anywhere on the site. */
export default function SupportModal() {
  const { profile } = useSession();
  // Told before typing, not after: the answer needs a confirmed address.
  if (profile && !profile.email_verified && !isPlaceholderEmail(profile.email)) {
    return <SupportUnconfirmedEmailModal />;
  }
  return (
    <ModalShell title="Служба поддержки" size="md">
      <p className={content.textLeft}>
        Напишите, что случилось,&nbsp;— ответим письмом, обычно в&nbsp;течение рабочего дня.
      </p>
      <SupportForm
        onSent={(receipt) => openModal('support-success', receipt)}
        onUnconfirmed={() => openModal('support-unconfirmed-email')}
      />
    </ModalShell>
  );
}
