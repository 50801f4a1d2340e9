import { pluralize, type PluralForms } from '@contract/plural';
import { LockIcon } from '../../components/illustrations/icons';
import { ProgramIcon } from '../../components/illustrations/program-icon';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cx } from '../../components/ui/cx';
import { PriceTag } from '../../components/ui/price-tag';
import { lowestPrice, type ProgramCard } from './program-cards';
import { ProgramLessons } from './program-lessons';
import styles from './additional-program-page.module.scss';

// After «для» the genitive: «для 2 детей», «для 5 детей».
const CHILDREN_GENITIVE: PluralForms = { one: 'ребёнка', few: 'детей', many: 'детей' };

/** One additional program: icon, title, what it is, prices by number of children; locked → «Скоро». */
export function ProgramCardView({
  card,
  withLessons = false,
  onBuy,
}: {
  card: ProgramCard;
  /** Unfolds the program's lessons (not for the static list shown when the catalogue failed). */
  withLessons?: boolean;
  /** «Купить» under the prices of a program on sale. */
  onBuy?: () => void;
}) {
  const from = lowestPrice(card);
  return (
    <Card
      as="article"
      className={cx(styles.card, card.locked && styles.locked)}
      aria-label={card.title}
    >
      <div className={styles.head}>
        <ProgramIcon name={card.icon} className={styles.icon} />
        <div className={styles.titleBox}>
          <h2 className={styles.title}>{card.title}</h2>
          {card.locked ? (
            <Badge tone="neutral">
              <LockIcon size={14} />
              Скоро
            </Badge>
          ) : (
            from !== null && (
              <Badge tone="mint">
                от <PriceTag amount={from} size="sm" />
              </Badge>
            )
          )}
        </div>
      </div>
      <p className={styles.description}>{card.description}</p>
      {card.locked ? (
        <p className={styles.soon}>
          <LockIcon size={20} />
          Программа скоро откроется
        </p>
      ) : (
        card.offers.length > 0 && (
          <ul className={styles.offers} role="list" aria-label="Цены">
            {card.offers.map((offer) => (
              <li key={offer.id}>
                <span className={styles.offerLabel}>
                  {offer.amount_children === 1
                    ? 'Для одного ребёнка'
                    : `Для ${pluralize(offer.amount_children, CHILDREN_GENITIVE)}`}
                </span>
                <PriceTag amount={offer.price} size="sm" />
              </li>
            ))}
          </ul>
        )
      )}
      {onBuy && !card.locked && card.offers.length > 0 && (
        <Button variant="accent" block onClick={onBuy} aria-label={`Купить: ${card.title}`}>
          Купить
        </Button>
      )}
      {withLessons && <ProgramLessons slug={card.key} />}
    </Card>
  );
}
