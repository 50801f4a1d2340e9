import { useEffect, useRef, useState } from 'react';
import { formatPrice } from '@contract/money';
import { MONTHS, pluralize } from '@contract/plural';
import { errorMessage, fieldErrors } from '../../api/interceptors';
import { useRenewal } from '../../api/renewal';
import { useSession } from '../../api/session';
import { checkPromocode, initializePurchase } from '../../api/store';
import { ArrowRightIcon } from '../../components/illustrations/icons';
import { Button } from '../../components/ui/button';
import { openModal } from '../../components/modal/modal-store';
import { TariffTotal, type CheckoutChoice } from '../landing';
import { goToBank } from './go-to-bank';
import { clearPayAfter, writePayAfter } from './pay-after';
import { RenewalConsent } from './renewal-consent';
import styles from './checkout.module.scss';

/** The server's price of this tariff with this code: for a parent, their purchase priced with it. */
interface Priced {
  total: number;
  promoId: number;
  /** The parent's purchase the code is bound to (none for a guest, who has no purchase yet). */
  purchaseId: number | null;
}

/** The promo code's answer for this tariff and code, or why it does not apply. */
type PromoCheck =
  | { code: string; tariffId: number; priced: Priced }
  | { code: string; tariffId: number; error: string };

/**
 * The pay block of the subscription checkout: the total the parent will pay (with a promo code, the
 * server's price of the purchase with the code applied — the very sum the bank is asked for), the promo
 * field and the button. A guest keeps the choice (pay_after) and registers first; a parent goes to the
 * bank's page.
 */
export function SubscriptionPay({
  option,
  promo,
  promoField,
  initialRecurrent = false,
}: CheckoutChoice & { initialRecurrent?: boolean }) {
  const { isLoggedIn } = useSession();
  const [recurrent, setRecurrent] = useState(initialRecurrent);
  const { data: renewalState } = useRenewal({ enabled: isLoggedIn });
  const renewalOn = renewalState?.active === true;
  const [check, setCheck] = useState<PromoCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const current = check && check.code === promo && check.tariffId === option.id ? check : null;
  const priced = current && 'priced' in current ? current.priced : null;
  const total = priced?.total ?? option.price;

  const applyPromo = async (code: string) => {
    setChecking(true);
    try {
      let next: Priced;
      if (isLoggedIn) {
        // Priced as the bank will be asked: the parent's purchase, the code bound to it.
        const purchase = await initializePurchase({ ids: [option.id], type: 'subscription' });
        const result = await checkPromocode({ code, purchase_id: purchase.purchase_id });
        next = {
          total: result.total ?? purchase.total,
          promoId: result.promo_id,
          purchaseId: purchase.purchase_id,
        };
      } else {
        const result = await checkPromocode({ code, type: 'subscription', ids: [option.id] });
        next = { total: result.total ?? option.price, promoId: result.promo_id, purchaseId: null };
      }
      setCheck({ code, tariffId: option.id, priced: next });
    } catch (error) {
      setCheck({
        code,
        tariffId: option.id,
        error: fieldErrors(error).code ?? errorMessage(error),
      });
    } finally {
      setChecking(false);
    }
  };

  // A code that came with the choice (the landing's link, or kept through registration) is priced at
  // once: the total and the button show the discounted sum before anything is pressed.
  const pricedInitial = useRef(false);
  useEffect(() => {
    if (pricedInitial.current || !promo) return;
    pricedInitial.current = true;
    void applyPromo(promo);
    // Once, for the code the block opened with; later codes are applied by the button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pay = async () => {
    setFailure(null);
    // A code typed but not priced yet: price it first, so the parent sees the sum before it is charged.
    if (promo && !current) {
      await applyPromo(promo);
      return;
    }
    if (!isLoggedIn) {
      writePayAfter({
        kind: 'subscription',
        tariff_id: option.id,
        promo: priced ? promo : null,
        recurrent,
      });
      openModal('buy-and-register');
      return;
    }
    setPaying(true);
    try {
      const purchaseId =
        priced?.purchaseId ??
        (await initializePurchase({ ids: [option.id], type: 'subscription' })).purchase_id;
      clearPayAfter();
      const changed = await goToBank(
        {
          kind: 'subscription',
          purchase_id: purchaseId,
          promo_id: priced?.promoId ?? null,
          recurrent,
        },
        total,
      );
      if (changed !== null) {
        // The server priced it otherwise meanwhile (a price or the code changed): show, do not charge.
        if (priced) {
          setCheck({
            code: promo,
            tariffId: option.id,
            priced: { ...priced, total: changed },
          });
        }
        setFailure(
          `Сумма к оплате изменилась: ${formatPrice(changed)}. Проверьте её и нажмите «Оплатить» ещё раз.`,
        );
        setPaying(false);
      }
    } catch (error) {
      setFailure(fieldErrors(error).code ?? errorMessage(error));
      setPaying(false);
    }
  };

  return (
    <div className={styles.pay}>
      <TariffTotal option={option} promoTotal={priced?.total ?? null} />
      {promoField}
      {promo && !current && (
        <Button variant="secondary" onClick={() => void applyPromo(promo)} loading={checking}>
          Применить промокод
        </Button>
      )}
      {current && 'error' in current && (
        <p className={styles.promoError} role="alert">
          {current.error}
        </p>
      )}
      {priced && (
        <p className={styles.promoOk} role="status">
          Промокод {promo} применён: к оплате {formatPrice(priced.total)} за{' '}
          {pluralize(option.duration, MONTHS)}
        </p>
      )}
      <RenewalConsent
        price={option.price}
        months={option.duration}
        checked={recurrent}
        onChange={setRecurrent}
      />
      {failure && (
        <p className={styles.promoError} role="alert">
          {failure}
        </p>
      )}
      <Button
        size="lg"
        block
        onClick={() => void pay()}
        loading={paying || checking}
        iconEnd={<ArrowRightIcon size={20} />}
      >
        {isLoggedIn
          ? `Оплатить ${formatPrice(total)}`
          : `Зарегистрироваться и оплатить ${formatPrice(total)}`}
      </Button>
      <p className={styles.note}>
        Оплата картой на защищённой странице банка — данные карты мы не видим и не храним.{' '}
        {recurrent
          ? 'Автопродление можно отключить в любой момент, оплаченные дни останутся.'
          : renewalOn
            ? 'Автопродление уже включено: после оплаты следующее списание сдвинется на новую дату окончания.'
            : 'Подписка сама не продлевается.'}
      </p>
    </div>
  );
}
