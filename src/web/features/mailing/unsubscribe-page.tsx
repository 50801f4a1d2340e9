import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { displayEmail } from '@contract/email';
import { errorCode, errorMessage } from '../../api/interceptors';
import { mailing, useMailingState, type MailingState } from '../../api/mailing';
import { useSession } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { EmailText } from '../../components/ui/email-text';
import { ErrorState } from '../../components/ui/error-state';
import { PageHero } from '../../components/ui/page-hero';
import { Skeleton } from '../../components/ui/skeleton';
import { openModal } from '../../components/modal/modal-store';
import { MailingChoices } from './mailing-choices';
import styles from './unsubscribe-page.module.scss';

/**
 * The unsubscribe page. From a mail's «Отписаться» link (`?token=…`) it honours the link at once —
 * the mail's category is left as the page opens, no login, no extra click — then offers the other
 * categories and a way back. Without a link it shows a signed-in parent's choices, and asks a guest to
 * sign in.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const { isLoggedIn, status } = useSession();
  const sessionKnown = status === 'LOADED' || status === 'FAILED' || !isLoggedIn;
  const canAsk = token !== null || (isLoggedIn && status === 'LOADED');
  const query = useMailingState(token, { enabled: canAsk });

  return (
    <>
      <PageHero
        eyebrow="Рассылки"
        title="Письма от Школы Умняшек"
        lead="Выберите, какие письма получать. Письма об оплате и входе в кабинет приходят всегда."
      />
      <Container className={styles.page}>
        {query.data ? (
          token ? (
            <FromLink state={query.data} token={token} />
          ) : (
            <Card className={styles.card}>
              <p className={styles.address}>
                Адрес:{' '}
                <b>
                  <EmailText email={displayEmail(query.data.email)} />
                </b>
              </p>
              <MailingChoices state={query.data} token={null} />
            </Card>
          )
        ) : query.isError && errorCode(query.error) === 'mailing_link_invalid' ? (
          <Card className={styles.card}>
            <h2 className={styles.title}>Ссылка не подошла</h2>
            <p className={styles.text}>
              Откройте ссылку «Отписаться» из последнего письма целиком или войдите в личный
              кабинет: рассылки настраиваются в профиле.
            </p>
            <Button onClick={() => openModal('login')}>Войти</Button>
          </Card>
        ) : query.isError ? (
          <ErrorState
            title={token ? 'Ссылка не подошла' : 'Не удалось загрузить рассылки'}
            message={errorMessage(query.error)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : !canAsk && sessionKnown ? (
          <Card className={styles.card}>
            <h2 className={styles.title}>Откройте ссылку из письма</h2>
            <p className={styles.text}>
              Внизу каждой рассылки есть ссылка «Отписаться» — по ней настройки откроются без входа.
              Или войдите в личный кабинет.
            </p>
            <Button onClick={() => openModal('login')}>Войти</Button>
          </Card>
        ) : (
          <Skeleton height={320} radius={24} />
        )}
      </Container>
    </>
  );
}

/** The mail's category is left once, as the page opens; the parent can take it back. */
function FromLink({ state, token }: { state: MailingState; token: string }) {
  const linked = state.categories.find((c) => c.id === state.link_category_id);
  const done = useRef(false);
  const [leaving, setLeaving] = useState(linked?.subscribed ?? false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (done.current || !linked?.subscribed) return;
    done.current = true;
    mailing
      .choose(token, [linked.id], false)
      .catch((error: unknown) => setFailure(errorMessage(error)))
      .finally(() => setLeaving(false));
  }, [linked, token]);

  if (leaving) return <Skeleton height={320} radius={24} />;
  return (
    <div className={styles.stack}>
      {linked && (
        <Card className={styles.card} tone={linked.subscribed ? undefined : 'primary'}>
          {failure ? (
            <p className={styles.failure} role="alert">
              {failure}
            </p>
          ) : linked.subscribed ? (
            <h2 className={styles.title}>Вы получаете рассылку «{linked.title}»</h2>
          ) : (
            <>
              <h2 className={styles.title} role="status">
                Вы отписались от рассылки «{linked.title}»
              </h2>
              <p className={styles.text}>
                Письма этой рассылки больше не придут на{' '}
                <b>
                  <EmailText email={displayEmail(state.email)} />
                </b>
                .
              </p>
            </>
          )}
          {!linked.subscribed && <TakeBack token={token} categoryId={linked.id} />}
        </Card>
      )}
      <Card className={styles.card}>
        <h2 className={styles.title}>Все рассылки</h2>
        <MailingChoices state={state} token={token} />
      </Card>
    </div>
  );
}

function TakeBack({ token, categoryId }: { token: string; categoryId: number }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const back = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await mailing.choose(token, [categoryId], true);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
      <Button variant="secondary" loading={busy} onClick={() => void back()}>
        Отписались случайно? Вернуть
      </Button>
    </>
  );
}
