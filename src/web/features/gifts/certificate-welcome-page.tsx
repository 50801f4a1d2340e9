import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pathTo } from '../../lib/routes';
import { openModal } from '../../components/modal/modal-store';
import { GiftArt } from '../../components/layout/gift-art';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { PageHero } from '../../components/ui/page-hero';
import {
  codeQuery,
  OPEN_ENTRY_STATE,
  pendingCertificateCode,
  rememberCertificateCode,
} from './certificate-code';
import { HowActivationWorks } from './how-activation-works';
import { useContinueWhenLoggedIn } from './use-continue-when-logged-in';
import styles from './gifts.module.scss';

export type CertificateEntry = 'register' | 'auth';

function wantsEntryModal(state: unknown): boolean {
  return typeof state === 'object' && state !== null && OPEN_ENTRY_STATE in state;
}

/**
 * gift/register and gift/auth: someone was given a subscription. They register (or log in), and then the
 * activation form opens with the code from the mail already filled in.
 */
export function CertificateWelcomePage({ entry }: { entry: CertificateEntry }) {
  const { search, state } = useLocation();
  const code = pendingCertificateCode(search);
  useContinueWhenLoggedIn(() => pathTo('activate-certificate', undefined, codeQuery(code)));

  const openEntry = (which: CertificateEntry) =>
    openModal(which === 'register' ? 'register' : 'login');

  useEffect(() => {
    // The register and login modals replace the address' meaning: keep the code for this tab.
    rememberCertificateCode(code);
    if (wantsEntryModal(state)) openEntry(entry);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <PageHero
        eyebrow="Подарочный сертификат"
        title="Вам подарили подписку"
        lead={
          entry === 'register'
            ? 'Кто-то из близких подарил вашему ребёнку занятия в Школе Умняшек. Создайте аккаунт — и сразу активируйте подарок.'
            : 'Войдите в личный кабинет — и сразу активируйте подарок: подписка начнётся с этого дня.'
        }
        aside={<GiftArt className={styles.heroArt} />}
      />
      <Container className={styles.page}>
        <div className={styles.entry}>
          {code && (
            <p className={styles.entryCode}>
              Код подарка: <code translate="no">{code}</code> — мы его запомнили
            </p>
          )}
          <div className={styles.entryActions}>
            {entry === 'register' ? (
              <>
                <Button size="lg" onClick={() => openEntry('register')}>
                  Зарегистрироваться
                </Button>
                <Button variant="secondary" size="lg" onClick={() => openEntry('auth')}>
                  У меня есть аккаунт
                </Button>
              </>
            ) : (
              <>
                <Button size="lg" onClick={() => openEntry('auth')}>
                  Войти
                </Button>
                <Button variant="secondary" size="lg" onClick={() => openEntry('register')}>
                  Зарегистрироваться
                </Button>
              </>
            )}
          </div>
        </div>
        <HowActivationWorks />
      </Container>
    </>
  );
}
