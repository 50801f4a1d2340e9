import { formatPrice } from '@contract/money';
import { formatMoscowDate } from '@contract/moscow-date';
import { usePayments, type PaymentHistoryItem } from '../../../api/store';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { Panel } from '../panel';
import { cardTail } from './card-tail';
import styles from './tariffs-page.module.scss';

const STATUS: Record<PaymentHistoryItem['status'], { label: string; tone: BadgeTone }> = {
  paid: { label: 'Оплачено', tone: 'mint' },
  pending: { label: 'Ждём банк', tone: 'sun' },
  // Declined, cancelled or its page closed unpaid: either way no money was taken.
  failed: { label: 'Не оплачен', tone: 'pink' },
  refunded: { label: 'Деньги возвращены', tone: 'neutral' },
};

/** Every payment that reached the bank, newest first. */
export function PaymentHistory() {
  const { data, isError } = usePayments();
  return (
    <Panel title="История платежей">
      {data ? (
        data.length === 0 ? (
          <p className={styles.muted}>Платежей пока не было.</p>
        ) : (
          <ul className={styles.history} role="list">
            {data.map((item) => (
              <li key={`${item.purchase_id}-${item.created_at}`} className={styles.payment}>
                <div>
                  <p className={styles.paymentTitle}>{item.title}</p>
                  <p className={styles.muted}>
                    {formatMoscowDate(item.created_at)}
                    {item.masked_pan ? ` · карта ${cardTail(item.masked_pan)}` : ''}
                  </p>
                  <p className={styles.muted}>Заказ №&nbsp;{item.order_number}</p>
                  {item.refunded_at && (
                    <p className={styles.muted}>
                      Возвращены на карту {formatMoscowDate(item.refunded_at)}
                    </p>
                  )}
                </div>
                <div className={styles.paymentSide}>
                  <strong>{formatPrice(item.total)}</strong>
                  <Badge tone={STATUS[item.status].tone}>{STATUS[item.status].label}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )
      ) : isError ? (
        <p className={styles.muted}>Не удалось загрузить историю платежей.</p>
      ) : (
        <Skeleton height={64} radius={16} />
      )}
    </Panel>
  );
}
