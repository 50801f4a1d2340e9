import { useMemo } from 'react';
import { useSubscriptions } from '../../api/catalog';
import { ErrorState } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/skeleton';
import { buildTariffPlan, TariffChooser } from '../landing';
import { SubscriptionPay } from './subscription-pay';

/** Tariffs to choose from and the pay block: /subscribe for guests, personal/tariffs for parents. */
export function SubscriptionCheckout({
  initialTariffId,
  initialPromo,
  initialRecurrent,
}: {
  initialTariffId?: number;
  initialPromo?: string;
  /** A guest's consent ticked before registering, shown ticked again before paying. */
  initialRecurrent?: boolean;
}) {
  const { data, isError, refetch, isRefetching } = useSubscriptions();
  const plan = useMemo(() => (data ? buildTariffPlan(data.data) : null), [data]);
  if (plan) {
    return (
      <TariffChooser
        plan={plan}
        initialTariffId={initialTariffId}
        initialPromo={initialPromo}
        action={(choice) => (
          <SubscriptionPay
            key={choice.option.id}
            {...choice}
            // The consent was to that tariff's amount: another tariff asks it anew.
            initialRecurrent={initialRecurrent === true && choice.option.id === initialTariffId}
          />
        )}
      />
    );
  }
  if (isError) {
    return (
      <ErrorState
        title="Не удалось загрузить тарифы"
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  }
  return (
    <div role="status" aria-busy="true" aria-label="Загрузка тарифов">
      <Skeleton height={64} radius={24} />
      <Skeleton height={220} radius={24} />
    </div>
  );
}
