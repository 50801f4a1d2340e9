import { useState } from 'react';
import { useProfile } from '../../../api/profile';
import { useRenewal } from '../../../api/renewal';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { readPayAfter, SubscriptionCheckout } from '../../checkout';
import { Panel } from '../panel';
import { CurrentSubscription } from './current-subscription';
import { PaymentHistory } from './payment-history';
import { RenewalPanel } from './renewal-panel';
import styles from './tariffs-page.module.scss';

/**
 * personal/tariffs: the family's subscription, a tariff to buy or extend with (a guest's choice from
 * /subscribe waits here after registering: pay_after), and the payment history.
 */
export default function TariffsPage() {
  const { data: profile } = useProfile();
  const { data: renewal } = useRenewal();
  const [chosen] = useState(() => {
    const payAfter = readPayAfter();
    return payAfter?.kind === 'subscription' ? payAfter : null;
  });
  const subscription = profile?.subscription ?? null;
  const extending = subscription !== null && !subscription.is_free;

  return (
    <Container className={styles.page}>
      {profile ? (
        <CurrentSubscription subscription={subscription} renewal={renewal} />
      ) : (
        <Skeleton height={160} />
      )}
      <RenewalPanel />
      <Panel
        title={extending ? 'Продлить подписку' : 'Выбрать тариф'}
        description={
          chosen
            ? 'Вы выбрали этот тариф до регистрации — осталось оплатить.'
            : extending
              ? 'Новый срок начнётся сразу после текущего — ни один день не пропадёт.'
              : 'Пробная неделя, если она идёт, сменится оплаченной подпиской сразу после оплаты.'
        }
      >
        <SubscriptionCheckout
          initialTariffId={chosen?.tariff_id}
          initialPromo={chosen?.promo ?? ''}
          initialRecurrent={chosen?.recurrent}
        />
      </Panel>
      <PaymentHistory />
    </Container>
  );
}
