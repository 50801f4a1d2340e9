import { NotOpenYetModal, plainOrderId, SupportContact } from './not-open-yet';
import { queryProp } from './query-prop';
import styles from '../modal-content.module.scss';

/**
 * The bank's return page. Payments are not built yet, so there is no order whose state we could ask the
 * server about: the modal says so honestly and where to write if money was taken anyway. When payments
 * land, this asks the server for the order's state (the redirect alone proves nothing) and waits while
 * the bank is still processing.
 */
function PaymentResultModal({ props, what }: { props: Record<string, unknown>; what: string }) {
  const orderId = plainOrderId(queryProp(props, 'orderId') ?? queryProp(props, 'order_id'));
  return (
    <NotOpenYetModal title="Проверить оплату пока нельзя">
      <p className={styles.text}>
        Оплата {what} на сайте ещё не работает — она появится скоро. Поэтому проверить этот платёж
        мы пока не можем.
      </p>
      <p className={styles.text}>
        Если с карты всё же списались деньги, напишите <SupportContact />
        {orderId ? (
          <>
            {' '}
            и укажите номер заказа <strong>{orderId}</strong>
          </>
        ) : null}
        . Разберёмся.
      </p>
    </NotOpenYetModal>
  );
}

export function SuccessfulPaymentModal(props: Record<string, unknown>) {
  return <PaymentResultModal props={props} what="подписки" />;
}

export function GiftPaymentModal(props: Record<string, unknown>) {
  return <PaymentResultModal props={props} what="подарков" />;
}
