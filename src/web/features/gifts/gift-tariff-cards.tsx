import { formatPrice } from '@contract/money';
import { CHILDREN, MONTHS, pluralize } from '@contract/plural';
import { PriceTag } from '../../components/ui/price-tag';
import type { GiftOption } from './gift-tariffs';
import styles from './gift-buy-block.module.scss';

export interface GiftTariffCardsProps {
  options: GiftOption[];
  chosenId: number | undefined;
  name: string;
  onChoose: (option: GiftOption) => void;
}

/** The gift's durations as radio cards: months, the whole price, the price of a month. */
export function GiftTariffCards({ options, chosenId, name, onChoose }: GiftTariffCardsProps) {
  return (
    <fieldset className={styles.options}>
      <legend className={styles.legend}>Срок подписки в подарок</legend>
      {options.map((option) => (
        <label key={option.id} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={option.id}
            checked={option.id === chosenId}
            onChange={() => onChoose(option)}
          />
          <span className={styles.radio} aria-hidden="true" />
          <span className={styles.duration}>{pluralize(option.duration, MONTHS)}</span>
          <PriceTag className={styles.price} amount={option.price} size="md" />
          <span className={styles.perMonth}>
            {formatPrice(option.perMonth)} в месяц · {pluralize(option.amountChildren, CHILDREN)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
