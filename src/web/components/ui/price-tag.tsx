import { formatPrice } from '@contract/money';
import { cx } from './cx';
import styles from './price-tag.module.scss';

export interface PriceTagProps {
  /** Kopecks. */
  amount: number;
  /** The full price, crossed out, when the amount is a discount. Kopecks. */
  oldAmount?: number | null;
  /** E.g. "в месяц". */
  suffix?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Text instead of a price of zero. */
  freeLabel?: string;
  className?: string;
}

/** A price in roubles (formatPrice: non-breaking space before ₽), with the full price crossed out. */
export function PriceTag({
  amount,
  oldAmount,
  suffix,
  size = 'md',
  freeLabel,
  className,
}: PriceTagProps) {
  const showOld = oldAmount != null && oldAmount > amount;
  return (
    <span className={cx(styles.tag, styles[size], className)}>
      <span className={styles.amount}>
        {amount === 0 && freeLabel ? freeLabel : formatPrice(amount)}
      </span>
      {suffix && <span className={styles.suffix}>{suffix}</span>}
      {showOld && (
        <del className={styles.old}>
          <span className="visually-hidden">вместо </span>
          {formatPrice(oldAmount)}
        </del>
      )}
    </span>
  );
}
