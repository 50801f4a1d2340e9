import { useMemo } from 'react';
import { useSubscriptions } from '../../../api/catalog';
import { ErrorState } from '../../../components/ui/error-state';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { buildTariffPlan } from './tariff-plan';
import { TariffChooser } from './tariff-chooser';
import { TrialTicket } from './trial-ticket';
import styles from './tariffs-section.module.scss';

/** docs/PRODUCT.md–2 subscription block: the trial, tariffs with benefits, the promo code. */
export function TariffsSection() {
  const { data, isError, refetch, isRefetching } = useSubscriptions();
  const plan = useMemo(() => (data ? buildTariffPlan(data.data) : null), [data]);

  return (
    <section className={styles.section} aria-labelledby="tariffs-title">
      <Container>
        <header className={styles.head}>
          <p className={styles.eyebrow}>Подписка</p>
          <h2 id="tariffs-title">Выберите подписку</h2>
          <p className={styles.lead}>
            Чем дольше срок, тем дешевле месяц занятий. Цена&nbsp;— за все уроки основной программы.
          </p>
        </header>
        {plan ? (
          plan.childrenOptions.length === 0 && !plan.trial ? (
            <ErrorState
              title="Тарифы скоро появятся"
              message="Мы готовим подписки. Загляните чуть позже."
            />
          ) : (
            <>
              {plan.trial && <TrialTicket trial={plan.trial} />}
              <TariffChooser plan={plan} />
            </>
          )
        ) : isError ? (
          <ErrorState
            title="Не удалось загрузить тарифы"
            onRetry={() => void refetch()}
            retrying={isRefetching}
          />
        ) : (
          <div role="status" aria-busy="true" aria-label="Загрузка тарифов">
            <Skeleton className={styles.skeletonTrial} width="100%" radius={24} />
            <Skeleton className={styles.skeletonSwitch} radius={24} />
            <div className={styles.options}>
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className={styles.skeletonOption} width="100%" radius={24} />
              ))}
            </div>
            <Skeleton className={styles.skeletonSummary} width="100%" radius={32} />
          </div>
        )}
      </Container>
    </section>
  );
}
