import { useId } from 'react';
import { formatPrice } from '@contract/money';
import { oncePerMonths } from '@contract/plural';
import form from '../../components/form/form.module.scss';
import styles from './checkout.module.scss';

/**
 * The separate consent to automatic charges (Russian rules from 1 March 2026): never ticked for the
 * parent, its own checkbox, the amount, how often and how to stop it said before paying. The amount is the
 * tariff's full price: a promo code counts for this payment only.
 */
export function RenewalConsent({
  price,
  months,
  checked,
  onChange,
}: {
  price: number;
  months: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={styles.consent}>
      <label className={form.check}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-terms`}
        />
        <span>Продлевать подписку автоматически</span>
      </label>
      <p id={`${id}-terms`} className={styles.note}>
        Соглашаюсь, что банк сохранит карту и будет списывать {formatPrice(price)}{' '}
        {oncePerMonths(months)} в день окончания оплаченного срока, пока я не отключу автопродление.
        За 3 дня до списания пришлём письмо с суммой; отключить можно в один клик в разделе «Тарифы»
        личного кабинета.
      </p>
    </div>
  );
}
