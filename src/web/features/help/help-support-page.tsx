import { useState } from 'react';
import { usePublicConfig } from '../../api/config';
import type { SupportReceipt } from '../../api/support';
import { Button } from '../../components/ui/button';
import { openModal } from '../../modals/modal-store';
import { SupportForm } from '../support/support-form';
import { SupportSent } from '../support/support-sent';
import { HelpScreen } from './help-screen';
import styles from './help-support-page.module.scss';

/** personal/help/support: the support form in the page, and the address for those who prefer mail. */
export default function HelpSupportPage() {
  const { data: config } = usePublicConfig();
  const [sent, setSent] = useState<SupportReceipt | null>(null);
  return (
    <HelpScreen
      title="Служба поддержки"
      lead="Напишите, что случилось, — ответим письмом, обычно в течение рабочего дня."
    >
      <div className={styles.card}>
        {sent ? (
          <div className={styles.sent} role="status">
            <p className={styles.sentTitle}>Сообщение отправлено</p>
            <SupportSent receipt={sent} className={styles.text} />
            <Button variant="secondary" onClick={() => setSent(null)}>
              Написать ещё
            </Button>
          </div>
        ) : (
          <SupportForm
            onSent={setSent}
            onUnconfirmed={() => openModal('support-unconfirmed-email')}
          />
        )}
        {config?.support_email && (
          <p className={styles.text}>
            Можно написать и напрямую:{' '}
            <a href={`mailto:${config.support_email}`}>{config.support_email}</a>
          </p>
        )}
      </div>
    </HelpScreen>
  );
}
