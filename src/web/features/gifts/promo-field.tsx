import { formatPrice } from '@contract/money';
import { Button } from '../../components/ui/button';
import form from '../../components/form/form.module.scss';
import type { GiftPromo } from './use-gift-promo';
import styles from './gift-buy-block.module.scss';

/** The promo code: typed (shown upper case), applied by the server, its discount or its error under it. */
export function PromoField({ id, promo }: { id: string; promo: GiftPromo }) {
  const { applied, error } = promo;
  const describedBy = error ? `${id}-error` : applied ? `${id}-applied` : `${id}-hint`;
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        Промокод
      </label>
      <div className={styles.promoRow}>
        <input
          id={id}
          className={`${form.input} ${form.upper}`}
          value={promo.input}
          onChange={(event) => promo.setInput(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code rather than submitting the purchase.
            if (event.key === 'Enter') {
              event.preventDefault();
              void promo.apply();
            }
          }}
          placeholder="Если есть"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <Button
          variant="secondary"
          onClick={() => void promo.apply()}
          loading={promo.checking}
          disabled={promo.input === ''}
        >
          Применить
        </Button>
      </div>
      {error ? (
        <span id={`${id}-error`} className={form.fieldError} role="alert">
          {error}
        </span>
      ) : applied ? (
        <span id={`${id}-applied`} className={styles.applied} role="status">
          Промокод {applied.code} применён — скидка{' '}
          {applied.kind === 'percent' ? `${applied.value}\u00a0%` : formatPrice(applied.value)}
          {applied.kind === 'percent' && applied.discount !== null && applied.discount > 0
            ? ` (${formatPrice(applied.discount)})`
            : ''}
        </span>
      ) : (
        <span id={`${id}-hint`} className={form.hint}>
          Скидка появится в итоговой цене сразу
        </span>
      )}
    </div>
  );
}
