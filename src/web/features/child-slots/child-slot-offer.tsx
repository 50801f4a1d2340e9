import { useId } from 'react';
import { formatPrice } from '@contract/money';
import type { ChildSlotsInfo } from '../../api/store';
import { FormAlert } from '../../components/form/form-alert';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { slotsExplanation } from './slots-explanation';
import { useBuyChildSlot } from './use-buy-child-slot';
import styles from './child-slot-offer.module.scss';

export interface ChildSlotOfferProps {
  slots: ChildSlotsInfo;
  /** Children of the family's current tariff; null without a subscription. */
  tariffChildren: number | null;
  className?: string;
}

/** «Купить место для ещё одного ребёнка — 490 ₽»: the price, where places come from, and the payment. */
export function ChildSlotOffer({ slots, tariffChildren, className }: ChildSlotOfferProps) {
  const titleId = useId();
  const { buy, busy, problem } = useBuyChildSlot();
  const price = formatPrice(slots.price);
  return (
    <section className={cx(styles.offer, className)} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        Купить место для ещё одного ребёнка&nbsp;— {price}
      </h3>
      <p className={styles.text}>
        {slotsExplanation(slots, tariffChildren)} Купленное место остаётся за семьёй навсегда: оно
        не пропадает, когда подписка заканчивается или меняется тариф.
      </p>
      {tariffChildren === null && (
        <p className={styles.text}>
          Место нужно, чтобы добавить профиль ребёнка. Уроки основной программы открываются с
          подпиской.
        </p>
      )}
      <FormAlert message={problem} />
      <Button variant="accent" block loading={busy} onClick={() => void buy()}>
        Оплатить {price}
      </Button>
      <p className={styles.note}>
        Один платёж, без автопродления. Оплата картой на странице банка.
      </p>
    </section>
  );
}
