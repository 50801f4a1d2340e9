import { useId } from 'react';
import type { Child } from '@contract/api/children';
import { pluralize, type PluralForms } from '@contract/plural';
import { PriceTag } from '../../../components/ui/price-tag';
import { avatarOf, ChildAvatar } from '../../../components/illustrations/child-avatar';
import type { ProgramAccess } from './child-program-access';
import styles from './additional-programs-modal.module.scss';

// After «для»: «для 2 детей», «для 5 детей».
const CHILDREN_AFTER_DLYA: PluralForms = { one: 'ребёнка', few: 'детей', many: 'детей' };

export function offerLabel(amountChildren: number): string {
  return amountChildren === 1
    ? 'Для одного ребёнка'
    : `Для ${pluralize(amountChildren, CHILDREN_AFTER_DLYA)}`;
}

interface Offer {
  id: number;
  amount_children: number;
  price: number;
}

/** The program's offers by number of children, one to choose. */
export function OfferChoice({
  name,
  offers,
  value,
  onChange,
}: {
  name: string;
  offers: Offer[];
  value: number;
  onChange: (offerId: number) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Для скольких детей</legend>
      <div className={styles.options}>
        {offers.map((offer) => (
          <label key={offer.id} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={offer.id}
              checked={offer.id === value}
              onChange={() => onChange(offer.id)}
            />
            <span className={styles.optionText}>{offerLabel(offer.amount_children)}</span>
            <PriceTag amount={offer.price} size="sm" className={styles.optionPrice} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The family's children: ticked up to the offer's number; those who have the program are not offered. */
export function ChildChoice({
  family,
  access,
  chosen,
  limit,
  onTick,
}: {
  family: Child[];
  access: Map<number, ProgramAccess>;
  chosen: number[];
  limit: number;
  onTick: (childId: number, on: boolean) => void;
}) {
  const hintId = useId();
  const full = chosen.length >= limit;
  const lacking = family.filter((child) => access.get(child.id) !== 'open').length;
  return (
    <fieldset className={styles.fieldset} aria-describedby={hintId}>
      <legend className={styles.legend}>Кому открыть</legend>
      <p id={hintId} className={styles.hint}>
        Выбрано {chosen.length} из {limit}
        {full && lacking > limit ? '. Чтобы добавить ещё, выберите вариант побольше.' : ''}
      </p>
      <div className={styles.options}>
        {family.map((child) => {
          const has = access.get(child.id) === 'open';
          const on = chosen.includes(child.id);
          return (
            <label
              key={child.id}
              className={styles.option}
              data-disabled={has || (!on && full) || undefined}
            >
              <input
                type="checkbox"
                checked={on}
                disabled={has || (!on && full)}
                onChange={(event) => onTick(child.id, event.target.checked)}
              />
              <ChildAvatar avatar={avatarOf(child)} size={36} className={styles.avatar} />
              <span className={styles.optionText}>{child.name}</span>
              {has && <span className={styles.owned}>уже открыта</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
