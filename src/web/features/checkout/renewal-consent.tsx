import { useId } from 'react';
import { formatPrice } from '@contract/money';
import { oncePerMonths } from '@contract/plural';
import form from '../../components/form/form.module.scss';
import styles from './checkout.module.scss';

/**
 * The separate consent to automatic charges (Russian rules from 1 March 2026): never ticked for the
 * parent, its own checkbox, the amount, how often and how to stop it said before paying. The amount is the
 * tariff's full price: a promo code counts for this payment only. Turning renewal on again names the card
 * already saved and the first charge's date.
 */
export function RenewalConsent({
  price,
  months,
  checked,
  onChange,
  savedCard,
  from,
  autoFocus = false,
}: {
  price: number;
  months: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** «•• 5599»: the card the bank already keeps. */
  savedCard?: string;
  /** «25 декабря 2026»: the first charge. */
  from?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const charge = `${formatPrice(price)} ${oncePerMonths(months)}`;
  return (
    <div className={styles.consent}>
      <label className={form.check}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-terms`}
          autoFocus={autoFocus}
        />
        <span>Продлевать подписку автоматически</span>
      </label>
      <p id={`${id}-terms`} className={styles.note}>
        {savedCard
          ? `Соглашаюсь, что с карты ${savedCard} будут списывать ${charge}${from ? `, начиная с ${from}` : ''}, пока я не отключу автопродление.`
          : `Соглашаюсь, что банк сохранит карту и будет списывать ${charge} в день окончания оплаченного срока, пока я не отключу автопродление.`}{' '}
        За 3&nbsp;дня до списания пришлём письмо с суммой; отключить можно в один клик в разделе
        «Тарифы» личного кабинета.
      </p>
    </div>
  );
}
