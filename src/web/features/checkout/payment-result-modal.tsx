import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatPrice } from '@contract/money';
import { fetchOrderState, storeKeys, type OrderState } from '../../api/store';
import { refreshProfile } from '../../api/profile';
import { useSession } from '../../api/session';
import { pathTo } from '../../lib/routes';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { readLastPayAfter } from './pay-after';
import { ModalArt } from '../../components/modal/modal-art';
import { ModalShell } from '../../components/modal/modal-shell';
import { closeModal, openModal } from '../../components/modal/modal-store';
import { plainOrderId, SupportContact } from '../../components/modal/not-open-yet';
import { queryProp } from '../../components/modal/query-prop';
import styles from '../../components/modal/modal-content.module.scss';

/** While the bank has not decided, ask again this often, and give up waiting on screen after this long. */
export const POLL_MS = 2_000;
export const WAIT_ON_SCREEN_MS = 60_000;

const DELIVERED: Record<OrderState['type'], { text: string; to: string; label: string }> = {
  subscription: {
    text: 'Подписка уже действует — уроки открыты.',
    to: pathTo('video'),
    label: 'К урокам',
  },
  gift: {
    text: 'Подарок готов: код сертификата — в «Моих подарках» и в письме на вашу почту.',
    to: pathTo('gift'),
    label: 'Мои подарки',
  },
  'child-slot': {
    text: 'В семье появилось место ещё для одного ребёнка.',
    to: pathTo('students'),
    label: 'Добавить ребёнка',
  },
  weeks: {
    text: 'Пропущенные недели открыты — их можно смотреть.',
    to: pathTo('video'),
    label: 'К урокам',
  },
  'additional-program': {
    text: 'Программа открыта для выбранных детей.',
    to: pathTo('video'),
    label: 'К урокам',
  },
};

const AGAIN: Record<OrderState['type'], string> = {
  subscription: pathTo('tariffs'),
  gift: pathTo('gift'),
  'child-slot': pathTo('students'),
  weeks: pathTo('skiped'),
  'additional-program': pathTo('video'),
};

/** The school's number (never the bank's id): the one on the bank's page and in the payment history. */
function OrderNumber({ number }: { number: string | undefined }) {
  if (!number) return <> и укажите дату и сумму платежа</>;
  return (
    <>
      {' '}
      и укажите номер заказа <strong>{number}</strong>
    </>
  );
}

function ResultShell({
  title,
  art,
  children,
  actions,
}: {
  title: string;
  art: 'success' | 'error' | 'wait' | 'info';
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <ModalShell title={title} size="sm" art={<ModalArt kind={art} />}>
      {children}
      <div className={styles.actions}>{actions}</div>
    </ModalShell>
  );
}

/**
 * The bank's return: `/successful-payment?orderId=…` or `/fail-payment?orderId=…`. Neither address proves
 * anything, so both ask the server, which asks the bank (and delivers the purchase if it is paid). While
 * the bank is still deciding the modal waits, asking again every two seconds.
 */
function PaymentResult({
  props,
  fromFailPage,
}: {
  props: Record<string, unknown>;
  fromFailPage: boolean;
}) {
  const { isLoggedIn } = useSession();
  const [startedAt] = useState(() => Date.now());
  const stillWaiting = () => Date.now() - startedAt < WAIT_ON_SCREEN_MS;
  const last = readLastPayAfter();
  const orderId =
    plainOrderId(queryProp(props, 'orderId') ?? queryProp(props, 'order_id')) ?? last?.order_id;
  const state = useQuery({
    queryKey: storeKeys.orderState(orderId ?? ''),
    queryFn: async () => {
      const answer = await fetchOrderState(orderId ?? '');
      if (answer.status === 'paid') void refreshProfile();
      return answer;
    },
    enabled: isLoggedIn && orderId !== undefined,
    retry: 1,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && stillWaiting() ? POLL_MS : false,
  });

  if (!isLoggedIn) {
    return (
      <ResultShell
        title="Войдите, чтобы увидеть оплату"
        art="info"
        actions={
          <Button onClick={() => openModal('login')} autoFocus>
            Войти
          </Button>
        }
      >
        <p className={styles.text}>
          Результат оплаты виден в личном кабинете того, кто платил. Войдите — и мы покажем, чем
          закончился платёж.
        </p>
      </ResultShell>
    );
  }

  if (!orderId) {
    return (
      <ResultShell
        title={fromFailPage ? 'Оплата не прошла' : 'Заказ не найден'}
        art="info"
        actions={
          <ButtonLink to={pathTo('tariffs')} onClick={closeModal} autoFocus>
            К тарифам
          </ButtonLink>
        }
      >
        <p className={styles.text}>
          В адресе нет номера заказа. Историю платежей можно посмотреть в разделе «Тарифы» личного
          кабинета.
        </p>
      </ResultShell>
    );
  }

  const data = state.data;
  const orderNumber =
    data?.order_number ?? (last?.order_id === orderId ? last.order_number : undefined);
  if (state.isError) {
    return (
      <ResultShell
        title="Не удалось проверить оплату"
        art="error"
        actions={
          <Button onClick={() => void state.refetch()} loading={state.isFetching} autoFocus>
            Проверить ещё раз
          </Button>
        }
      >
        <p className={styles.text}>
          Если деньги списались, а покупка не появилась, напишите <SupportContact />
          <OrderNumber number={orderNumber} />.
        </p>
      </ResultShell>
    );
  }
  if (!data || data.status === 'pending') {
    const waiting = !data || state.isFetching || stillWaiting();
    return (
      <ResultShell
        title={waiting ? 'Проверяем оплату…' : 'Банк ещё не подтвердил платёж'}
        art="wait"
        actions={
          waiting ? null : (
            <Button onClick={closeModal} autoFocus>
              Понятно
            </Button>
          )
        }
      >
        <p className={styles.text} aria-live="polite">
          {waiting
            ? 'Спрашиваем банк, прошёл ли платёж. Обычно это занимает несколько секунд.'
            : 'Мы продолжим проверять сами: как только банк подтвердит платёж, покупка появится в личном кабинете.'}
        </p>
      </ResultShell>
    );
  }
  if (data.status === 'paid') {
    const done = DELIVERED[data.type];
    return (
      <ResultShell
        title="Оплата прошла"
        art="success"
        actions={
          <ButtonLink to={done.to} onClick={closeModal} autoFocus>
            {done.label}
          </ButtonLink>
        }
      >
        <p className={styles.text}>
          Спасибо! Списано {formatPrice(data.total)}. {done.text}
        </p>
      </ResultShell>
    );
  }
  if (data.refund) {
    return (
      <ResultShell
        title="Деньги вернутся на карту"
        art="info"
        actions={
          <Button onClick={closeModal} autoFocus>
            Понятно
          </Button>
        }
      >
        <p className={styles.text}>
          {data.reason ? `${data.reason}. ` : ''}Списанные {formatPrice(data.total)} возвращаем на
          ту же карту — когда они придут, зависит от банка карты.
        </p>
        <p className={styles.text}>
          Если деньги не вернулись за 10&nbsp;дней, напишите <SupportContact />
          <OrderNumber number={orderNumber} />.
        </p>
      </ResultShell>
    );
  }
  return (
    <ResultShell
      title="Оплата не прошла"
      art="error"
      actions={
        <>
          <Button variant="secondary" onClick={closeModal}>
            Закрыть
          </Button>
          <ButtonLink to={AGAIN[data.type]} onClick={closeModal} autoFocus>
            Попробовать ещё раз
          </ButtonLink>
        </>
      }
    >
      <p className={styles.text}>
        {data.reason ? `${data.reason}. ` : ''}Деньги не списаны. Можно попробовать ещё раз или
        оплатить другой картой.
      </p>
      <p className={styles.text}>
        Если деньги всё же списались, напишите <SupportContact />
        <OrderNumber number={orderNumber} />.
      </p>
    </ResultShell>
  );
}

export function SuccessfulPaymentModal(props: Record<string, unknown>) {
  return <PaymentResult props={props} fromFailPage={false} />;
}

export function FailPaymentModal(props: Record<string, unknown>) {
  return <PaymentResult props={props} fromFailPage />;
}

/** The landing's `gift` modal: the result of a gift payment (the `/gift` address is the certificate's). */
export function GiftPaymentModal(props: Record<string, unknown>) {
  return <PaymentResult props={props} fromFailPage={false} />;
}
