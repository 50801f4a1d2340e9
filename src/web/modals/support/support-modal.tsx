import { ModalShell } from '../modal-shell';
import { openModal } from '../modal-store';
import { SupportForm } from '../../features/support/support-form';
import content from '../modal-content.module.scss';

/** SPEC's global «support» modal: the support form from anywhere on the site. */
export default function SupportModal() {
  return (
    <ModalShell title="Служба поддержки" size="md">
      <p className={content.textLeft}>
        Напишите, что случилось, — ответим письмом, обычно в течение рабочего дня.
      </p>
      <SupportForm
        onSent={(receipt) => openModal('support-success', receipt)}
        onUnconfirmed={() => openModal('support-unconfirmed-email')}
      />
    </ModalShell>
  );
}
