import { formatPrice } from '@contract/money';
import { MONTHS, pluralize } from '@contract/plural';
import { Badge } from '../../../components/ui/badge';
import { PriceTag } from '../../../components/ui/price-tag';
import type { TariffOption } from './tariff-plan';
import styles from './tariffs-section.module.scss';

export interface TariffOptionCardProps {
  option: TariffOption;
  name: string;
  checked: boolean;
  onSelect: (option: TariffOption) => void;
}

/** One duration as a radio card: price per month, total, the crossed-out full price and the benefit. */
export function TariffOptionCard({ option, name, checked, onSelect }: TariffOptionCardProps) {
  const months = pluralize(option.duration, MONTHS);
  return (
    <label className={styles.option}>
      <input
        type="radio"
        name={name}
        value={option.id}
        checked={checked}
        onChange={() => onSelect(option)}
      />
      <span className={styles.radio} aria-hidden="true" />
      <span className={styles.duration}>
        {months}
        {option.benefitPercent > 0 && (
          <Badge tone="accent" className={styles.benefit}>
            выгода {option.benefitPercent}&nbsp;%
          </Badge>
        )}
      </span>
      <PriceTag className={styles.perMonth} amount={option.perMonth} suffix="/ мес." size="md" />
      <span className={styles.total}>
        <span>
          {formatPrice(option.price)} за {months}
        </span>
        {option.fullPrice !== null && (
          <del>
            <span className="visually-hidden">вместо </span>
            {formatPrice(option.fullPrice)}
          </del>
        )}
      </span>
    </label>
  );
}
