import { useEffect, useRef, useState } from 'react';
import { isPlaceholderEmail } from '@contract/api/oauth-values';
import { useSession } from '../../api/session';
import { usePublicConfig } from '../../api/config';
import type { SupportReceipt } from '../../api/support';
import { Button } from '../../components/ui/button';
import { openModal } from '../../components/modal/modal-store';
import { SupportForm, SupportSent } from '../support';
import { HelpScreen } from './help-screen';
import styles from './help-support-page.module.scss';

/** personal/help/support: the support form in the page, and the address for those who prefer mail. */
export default function HelpSupportPage() {
  const { data: config } = usePublicConfig();
  const { profile } = useSession();
  const [sent, setSent] = useState<SupportReceipt | null>(null);
  const sentTitle = useRef<HTMLHeadingElement>(null);
  const unconfirmed = !!profile && !profile.email_verified && !isPlaceholderEmail(profile.email);
  // The button pressed is gone: the answer takes the focus, so it is read out and the keyboard stays.
  useEffect(() => {
    if (sent) sentTitle.current?.focus();
  }, [sent]);
  return (
    <HelpScreen
      title="Служба поддержки"
      lead={'Напишите, что случилось,\u00a0— ответим письмом, обычно в\u00a0течение рабочего дня.'}
    >
      <div className={styles.card}>
        {sent ? (
          <div className={styles.sent}>
            <h3 ref={sentTitle} tabIndex={-1} className={styles.sentTitle}>
              Сообщение отправлено
            </h3>
            <SupportSent receipt={sent} className={styles.text} />
            <Button variant="secondary" onClick={() => setSent(null)}>
              Написать ещё
            </Button>
          </div>
        ) : (
          <>
            {unconfirmed && (
              <div className={styles.confirm}>
                <p className={styles.text}>
                  Ответ придёт на почту аккаунта, поэтому её нужно подтвердить.
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => openModal('support-unconfirmed-email')}
                >
                  Подтвердить почту
                </Button>
              </div>
            )}
            <SupportForm
              onSent={setSent}
              onUnconfirmed={() => openModal('support-unconfirmed-email')}
            />
          </>
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
