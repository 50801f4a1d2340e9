import { useId } from 'react';
import { useToggleGift, type BoughtGift } from '../../api/store';
import styles from '../../components/form/switch.module.scss';

/**
 * The buyer switches an unused gift off (a lost code) and on again. A real checkbox with the switch role,
 * so it is announced as «включён / выключен» and works from the keyboard.
 */
export function GiftSwitch({ gift }: { gift: BoughtGift }) {
  const id = useId();
  const toggle = useToggleGift();
  // While the server answers, the switch already shows what was asked.
  const on = toggle.isPending ? toggle.variables.is_active : gift.is_active;
  return (
    <div className={styles.row}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={on}
        aria-describedby={`${id}-hint`}
        disabled={toggle.isPending}
        aria-busy={toggle.isPending || undefined}
        onChange={(event) => toggle.mutate({ id: gift.id, is_active: event.target.checked })}
      />
      <label htmlFor={id} className={styles.label}>
        Код можно активировать
      </label>
      <span id={`${id}-hint`} className={styles.hint}>
        {on ? 'Выключите, если код потерялся' : 'Выключен: активировать код сейчас нельзя'}
      </span>
    </div>
  );
}
