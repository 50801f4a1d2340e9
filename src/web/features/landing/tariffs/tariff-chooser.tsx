import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { formatPrice } from '@contract/money';
import { CHILDREN, MONTHS, pluralize } from '@contract/plural';
import { pathTo } from '../../../lib/routes';
import { ArrowRightIcon, CheckIcon } from '../../../components/illustrations/icons';
import { ButtonLink } from '../../../components/ui/button-link';
import { PriceTag } from '../../../components/ui/price-tag';
import { forChildren } from './children-forms';
import {
  defaultOption,
  matchingOption,
  normalizePromoCode,
  subscribeQuery,
  type TariffOption,
  type TariffPlan,
} from './tariff-plan';
import { TariffOptionCard } from './tariff-option-card';
import styles from './tariffs-section.module.scss';

export interface TariffChoice {
  option: TariffOption;
  /** Upper case, as shown. */
  promo: string;
}

/** What checkout's pay block gets: the choice and the promo field, to place under its own total. */
export interface CheckoutChoice extends TariffChoice {
  promoField: ReactNode;
}

/**
 * «Итого к оплате»: the tariff's price, or — once the server priced the purchase with a promo code — the
 * discounted total, with the price before the code crossed out beside it.
 */
export function TariffTotal({
  option,
  promoTotal = null,
}: {
  option: TariffOption;
  promoTotal?: number | null;
}) {
  const discounted = promoTotal !== null && promoTotal < option.price;
  const amount = discounted ? promoTotal : option.price;
  return (
    <div className={styles.totalBox}>
      <span className={styles.totalLabel}>Итого к оплате</span>
      <PriceTag
        amount={amount}
        oldAmount={discounted ? option.price : option.fullPrice}
        size="lg"
      />
      <span className={styles.totalNote}>
        {formatPrice(discounted ? Math.round(amount / option.duration) : option.perMonth)} в месяц ·{' '}
        {pluralize(option.duration, MONTHS)}
      </span>
      {discounted ? (
        <span className={styles.saving}>
          Скидка по промокоду {formatPrice(option.price - amount)}
        </span>
      ) : (
        option.fullPrice !== null && (
          <span className={styles.saving}>
            Экономия {formatPrice(option.fullPrice - option.price)}&nbsp;— выгода{' '}
            {option.benefitPercent}&nbsp;%
          </span>
        )
      )}
    </div>
  );
}

function findOption(plan: TariffPlan, id: number | undefined): TariffOption | undefined {
  if (id === undefined) return undefined;
  for (const options of plan.byChildren.values()) {
    const found = options.find((option) => option.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Number of children → duration → summary with the promo code. On the landing the button leads to
 * /subscribe; at checkout `action` puts the payment there instead — its own total (the server's price,
 * the promo code applied) above the promo field, so the sum shown is the sum charged.
 */
export function TariffChooser({
  plan,
  initialTariffId,
  initialPromo = '',
  action,
}: {
  plan: TariffPlan;
  initialTariffId?: number;
  initialPromo?: string;
  action?: (choice: CheckoutChoice) => ReactNode;
}) {
  const ids = useId();
  const initial = findOption(plan, initialTariffId);
  const [children, setChildren] = useState(
    () => initial?.amountChildren ?? plan.childrenOptions[0] ?? 1,
  );
  const options = plan.byChildren.get(children) ?? [];
  const [chosenId, setChosenId] = useState(() => initial?.id ?? defaultOption(options)?.id);
  const [promo, setPromo] = useState(() => normalizePromoCode(initialPromo));
  const chosen = options.find((option) => option.id === chosenId) ?? defaultOption(options);

  const changeChildren = (next: number) => {
    setChildren(next);
    setChosenId(matchingOption(plan.byChildren.get(next) ?? [], chosen?.duration)?.id);
  };

  const promoField = (withHint: boolean) => (
    <div className={styles.promo}>
      <label className={styles.promoLabel} htmlFor={`${ids}-promo`}>
        Промокод
      </label>
      <input
        id={`${ids}-promo`}
        className={styles.promoInput}
        value={promo}
        onChange={(event) => setPromo(normalizePromoCode(event.target.value))}
        placeholder="Если есть"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
      />
      {withHint && (
        <span className={styles.hint}>Скидка по промокоду применится при оформлении.</span>
      )}
    </div>
  );

  return (
    <>
      {plan.childrenOptions.length > 1 && (
        <div className={styles.switchRow}>
          <p className={styles.switchLabel} id={`${ids}-children`}>
            Сколько детей будут заниматься?
          </p>
          <div className={styles.switch} role="radiogroup" aria-labelledby={`${ids}-children`}>
            {plan.childrenOptions.map((count) => (
              <label key={count} className={styles.switchOption}>
                <input
                  type="radio"
                  name={`${ids}-children`}
                  value={count}
                  checked={count === children}
                  onChange={() => changeChildren(count)}
                />
                <span>{pluralize(count, CHILDREN)}</span>
              </label>
            ))}
          </div>
        </div>
      )}

      <fieldset className={styles.options} style={{ '--count': options.length } as CSSProperties}>
        <legend className="visually-hidden">Срок подписки</legend>
        {options.map((option) => (
          <TariffOptionCard
            key={option.id}
            option={option}
            name={`${ids}-tariff`}
            checked={option.id === chosen?.id}
            onSelect={(next: TariffOption) => setChosenId(next.id)}
          />
        ))}
      </fieldset>

      {chosen && (
        <div className={styles.summary} aria-live="polite">
          <div>
            <h3 className={styles.summaryTitle}>Что входит в подписку</h3>
            <ul className={styles.includes} role="list">
              <li>
                <CheckIcon size={24} />
                Все уроки основной программы по возрасту каждого ребёнка
              </li>
              <li>
                <CheckIcon size={24} />
                Занятия {forChildren(chosen.amountChildren)} на {pluralize(chosen.duration, MONTHS)}
              </li>
              <li>
                <CheckIcon size={24} />
                Новые уроки каждую неделю
              </li>
              <li>
                <CheckIcon size={24} />
                Сайт и приложение для телефона и планшета
              </li>
              <li>
                <CheckIcon size={24} />
                Автопродление&nbsp;— только с вашего согласия, отключается в один клик
              </li>
            </ul>
          </div>
          <div className={styles.pay}>
            {action ? (
              action({ option: chosen, promo, promoField: promoField(false) })
            ) : (
              <>
                <TariffTotal option={chosen} />
                {promoField(true)}
                <ButtonLink
                  to={pathTo('subscribe', undefined, subscribeQuery(chosen.id, promo))}
                  size="lg"
                  block
                  iconEnd={<ArrowRightIcon size={20} />}
                >
                  Оформить подписку
                </ButtonLink>
              </>
            )}
          </div>
        </div>
      )}
    </>
  );
}
