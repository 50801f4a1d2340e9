import { useCallback, useEffect, useRef, useState } from 'react';
import { ModalShell } from '../modal-shell';
import { ModalArt } from '../modal-art';
import { closeModal } from '../modal-store';
import { queryProp } from './query-prop';
import { api } from '../../api/client';
import { errorMessage } from '../../api/interceptors';
import { loadProfile } from '../../api/session';
import { Button } from '../../components/ui/button';
import styles from '../modal-content.module.scss';

type OrderStatus = 'paid' | 'pending' | 'failed';
type State =
  | { kind: 'checking' }
  | { kind: OrderStatus }
  | { kind: 'no-order' }
  | { kind: 'error'; message: string };

const POLL_MS = 3000;
const POLL_LIMIT = 20; // about a minute of "the bank is still thinking"

interface Texts {
  paidTitle: string;
  paidText: string;
}

/**
 * The bank's return page: the redirect proves nothing (CONTRACTS §1), so the modal asks the server for
 * the order's state and waits while the bank is still processing.
 */
function PaymentResultModal({ props, texts }: { props: Record<string, unknown>; texts: Texts }) {
  const orderId = queryProp(props, 'orderId') ?? queryProp(props, 'order_id');
  const [state, setState] = useState<State>(orderId ? { kind: 'checking' } : { kind: 'no-order' });
  const attempts = useRef(0);

  const check = useCallback(async () => {
    if (!orderId) return;
    try {
      const response = await api.post<{ data: { status: OrderStatus } }>(
        'payments/sberbank/get-order-state',
        {
          order_id: orderId,
        },
      );
      const { status } = response.data.data;
      setState({ kind: status });
      if (status === 'paid') void loadProfile({ skip_error: true });
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error) });
    }
  }, [orderId]);

  useEffect(() => {
    void check();
  }, [check]);

  useEffect(() => {
    if (state.kind !== 'pending' || attempts.current >= POLL_LIMIT) return;
    const timer = setTimeout(() => {
      attempts.current += 1;
      void check();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [state, check]);

  switch (state.kind) {
    case 'checking':
      return (
        <ModalShell title="Проверяем оплату…" size="sm" art={<ModalArt kind="wait" />}>
          <p className={styles.text} aria-live="polite">
            Спрашиваем банк о платеже. Это займёт пару секунд.
          </p>
        </ModalShell>
      );
    case 'paid':
      return (
        <ModalShell title={texts.paidTitle} size="sm" art={<ModalArt kind="success" />}>
          <p className={styles.text}>{texts.paidText}</p>
          <div className={styles.actions}>
            <Button onClick={closeModal} autoFocus>
              Отлично
            </Button>
          </div>
        </ModalShell>
      );
    case 'pending':
      return (
        <ModalShell title="Банк обрабатывает платёж" size="sm" art={<ModalArt kind="wait" />}>
          <p className={styles.text} aria-live="polite">
            {attempts.current >= POLL_LIMIT
              ? 'Банк ещё не подтвердил оплату. Обычно это занимает несколько минут — мы пришлём письмо, как только всё будет готово.'
              : 'Обычно это несколько секунд. Не закрывайте окно — мы проверим ещё раз сами.'}
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={closeModal}>
              Закрыть
            </Button>
          </div>
        </ModalShell>
      );
    case 'failed':
      return (
        <ModalShell title="Оплата не прошла" size="sm" art={<ModalArt kind="error" />}>
          <p className={styles.text}>
            Деньги не списаны. Попробуйте ещё раз или оплатите другой картой.
          </p>
          <div className={styles.actions}>
            <Button onClick={closeModal}>Понятно</Button>
          </div>
        </ModalShell>
      );
    case 'error':
      return (
        <ModalShell title="Не удалось проверить оплату" size="sm" art={<ModalArt kind="error" />}>
          <p className={styles.text}>{state.message}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={closeModal}>
              Закрыть
            </Button>
            <Button
              onClick={() => {
                setState({ kind: 'checking' });
                void check();
              }}
            >
              Проверить ещё раз
            </Button>
          </div>
        </ModalShell>
      );
    case 'no-order':
      return (
        <ModalShell title="Не нашли платёж" size="sm" art={<ModalArt kind="info" />}>
          <p className={styles.text}>
            В адресе нет номера заказа. Если деньги списались, напишите нам — разберёмся и всё
            включим.
          </p>
          <div className={styles.actions}>
            <Button onClick={closeModal}>Понятно</Button>
          </div>
        </ModalShell>
      );
  }
}

export function SuccessfulPaymentModal(props: Record<string, unknown>) {
  return (
    <PaymentResultModal
      props={props}
      texts={{
        paidTitle: 'Оплата прошла',
        paidText: 'Спасибо! Подписка уже работает — можно начинать заниматься.',
      }}
    />
  );
}

export function GiftPaymentModal(props: Record<string, unknown>) {
  return (
    <PaymentResultModal
      props={props}
      texts={{
        paidTitle: 'Подарок оплачен',
        paidText: 'Спасибо! Подарочный сертификат готов — его можно отправить получателю.',
      }}
    />
  );
}
