import { isPlaceholderEmail } from '@contract/api/oauth-values';
import { useSession } from '../../api/session';
import { ModalShell } from '../modal-shell';
import SupportUnconfirmedEmailModal from '../support-unconfirmed-email/support-unconfirmed-email-modal';
import { openModal } from '../modal-store';
import { SupportForm } from '../../features/support/support-form';
import content from '../modal-content.module.scss';

/** SPEC's global «support» modal: the support form from anywhere on the site. */
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
