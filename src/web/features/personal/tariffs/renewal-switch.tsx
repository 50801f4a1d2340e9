import { useId, useState } from 'react';
import { formatPrice } from '@contract/money';
import { formatMoscowDate } from '@contract/moscow-date';
import { errorMessage } from '../../../api/interceptors';
import { renewal, type RenewalState } from '../../../api/renewal';
import { Button } from '../../../components/ui/button';
import { openModal } from '../../../components/modal/modal-store';
import { RenewalConsent } from '../../checkout';
import { cardTail } from './card-tail';
import switches from '../../../components/form/switch.module.scss';
import styles from './tariffs-page.module.scss';

/**
 * The auto-renewal switch. Off goes through the «subscribe» modal (a pause offered, then the refusal in
 * one click); on again asks the separate consent here, on the card still saved.
 */
export function RenewalSwitch({ state }: { state: RenewalState }) {
  const id = useId();
  const [enabling, setEnabling] = useState(false);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const canTurnOn = state.can_enable && state.amount !== null && state.months !== null;

  const toggle = () => {
    if (state.active) openModal('subscribe', { mode: 'cancel' });
    else if (canTurnOn) setEnabling((open) => !open);
  };

  const enable = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await renewal.enable();
      setEnabling(false);
      setConsent(false);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.renewal}>
      <div className={switches.row}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className={switches.switch}
          checked={state.active}
          disabled={!state.active && !canTurnOn}
          aria-describedby={`${id}-hint`}
          onChange={toggle}
        />
        <label htmlFor={id} className={switches.label}>
          Автопродление
        </label>
        <span id={`${id}-hint`} className={switches.hint}>
          {hint(state)}
        </span>
      </div>
      {enabling && canTurnOn && state.amount !== null && state.months !== null && (
        <div className={styles.enable}>
          <RenewalConsent
            price={state.amount}
            months={state.months}
            checked={consent}
            onChange={setConsent}
            savedCard={state.card?.masked_pan ? cardTail(state.card.masked_pan) : undefined}
            from={state.paid_until ? formatMoscowDate(state.paid_until) : undefined}
            autoFocus
          />
          {failure && (
            <p className={styles.failure} role="alert">
              {failure}
            </p>
          )}
          <Button disabled={!consent} loading={busy} onClick={() => void enable()}>
            Включить автопродление
          </Button>
        </div>
      )}
    </div>
  );
}

function hint(state: RenewalState): string {
  const card = state.card?.masked_pan ? ` с карты ${cardTail(state.card.masked_pan)}` : '';
  if (state.active && state.next_charge_at && state.amount !== null) {
    const date = formatMoscowDate(state.next_charge_at);
    const amount = formatPrice(state.amount);
    if (state.failed_attempts > 0) {
      return `Банк не списал оплату. Попробуем ещё раз ${date}: ${amount}${card}.`;
    }
    return `Следующее списание — ${date}: ${amount}${card}. За 3\u00a0дня пришлём письмо.`;
  }
  if (state.stopped_by_bank) {
    return state.can_enable
      ? 'Выключено: банк не смог списать оплату с карты. Можно включить снова или оплатить тариф ниже.'
      : 'Выключено: банк не смог списать оплату с карты. Оплатите тариф ниже — автопродление можно включить при оплате.';
  }
  if (state.can_enable) {
    return 'Выключено: подписка закончится в срок. Карта сохранена — можно включить снова.';
  }
  return 'Выключено. Включить можно при оплате подписки: отметьте «Продлевать подписку автоматически».';
}
