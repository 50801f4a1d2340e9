import { useState } from 'react';
import { formatPrice } from '@contract/money';
import { MONTHS, pluralize } from '@contract/plural';
import { errorMessage, fieldErrors } from '../../api/interceptors';
import { useRenewal } from '../../api/renewal';
import { useSession } from '../../api/session';
import { checkPromocode, initializePurchase, type Promocode } from '../../api/store';
import { ArrowRightIcon } from '../../components/illustrations/icons';
import { Button } from '../../components/ui/button';
import { openModal } from '../../modals/modal-store';
import type { TariffChoice } from '../landing/tariffs/tariff-chooser';
import { goToBank } from './go-to-bank';
import { clearPayAfter, writePayAfter } from './pay-after';
import { RenewalConsent } from './renewal-consent';
import styles from './checkout.module.scss';

/** The promo code's answer for this tariff and code, or why it does not apply. */
type PromoCheck =
  | { code: string; tariffId: number; result: Promocode }
  | { code: string; tariffId: number; error: string };

/**
 * The pay block of the subscription checkout: the price the parent will pay (the promo code checked by
 * the server), and the button. A guest keeps the choice (pay_after) and registers first; a parent goes
 * to the bank's page.
 */
export function SubscriptionPay({
  option,
  promo,
  initialRecurrent = false,
}: TariffChoice & { initialRecurrent?: boolean }) {
  const { isLoggedIn } = useSession();
  const [recurrent, setRecurrent] = useState(initialRecurrent);
  const { data: renewalState } = useRenewal({ enabled: isLoggedIn });
  const renewalOn = renewalState?.active === true;
  const [check, setCheck] = useState<PromoCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const current = check && check.code === promo && check.tariffId === option.id ? check : null;
  const discounted = current && 'result' in current ? current.result : null;
  const total = discounted?.total ?? option.price;

  const applyPromo = async () => {
    if (!promo) return;
    setChecking(true);
    try {
      const result = await checkPromocode({ code: promo, type: 'subscription', ids: [option.id] });
      setCheck({ code: promo, tariffId: option.id, result });
    } catch (error) {
      setCheck({
        code: promo,
        tariffId: option.id,
        error: fieldErrors(error).code ?? errorMessage(error),
      });
    } finally {
      setChecking(false);
    }
  };

  const pay = async () => {
    setFailure(null);
    if (!isLoggedIn) {
      writePayAfter({
        kind: 'subscription',
        tariff_id: option.id,
        promo: promo || null,
        recurrent,
      });
      openModal('buy-and-register');
      return;
    }
    setPaying(true);
    try {
      const purchase = await initializePurchase({ ids: [option.id], type: 'subscription' });
      let promoId: number | null = null;
      if (promo) {
        const result = await checkPromocode({ code: promo, purchase_id: purchase.purchase_id });
        promoId = result.promo_id;
      }
      clearPayAfter();
      await goToBank({
        kind: 'subscription',
        purchase_id: purchase.purchase_id,
        promo_id: promoId,
        recurrent,
      });
    } catch (error) {
      setFailure(fieldErrors(error).code ?? errorMessage(error));
      setPaying(false);
    }
  };

  return (
    <div className={styles.pay}>
      {promo && !current && (
        <Button variant="secondary" onClick={() => void applyPromo()} loading={checking}>
          Применить промокод
        </Button>
      )}
      {current && 'error' in current && (
        <p className={styles.promoError} role="alert">
          {current.error}
        </p>
      )}
      {discounted && discounted.discount !== null && (
        <p className={styles.promoOk} role="status">
          Промокод {discounted.code}: скидка {formatPrice(discounted.discount)}
        </p>
      )}
      {discounted && (
        <p className={styles.total}>
          С промокодом к оплате <strong>{formatPrice(total)}</strong> за{' '}
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
        loading={paying}
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
