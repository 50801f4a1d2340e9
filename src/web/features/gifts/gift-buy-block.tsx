import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatPrice } from '@contract/money';
import { MONTHS, pluralize } from '@contract/plural';
import { useGifts } from '../../api/catalog';
import { checkPromocode, initializePurchase } from '../../api/store';
import { errorMessage } from '../../api/interceptors';
import { openModal } from '../../components/modal/modal-store';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { PriceTag } from '../../components/ui/price-tag';
import { Skeleton } from '../../components/ui/skeleton';
import { TextField } from '../../components/form/text-field';
import { FormAlert } from '../../components/form/form-alert';
import { clearPayAfter, writePayAfter, writeSendGift, goToBank } from '../checkout';
import { toldGlobally } from '../personal';
import { GiftTariffCards } from './gift-tariff-cards';
import { giftOptions, initialOption, looksLikeEmail } from './gift-tariffs';
import { PromoField } from './promo-field';
import { useGiftPromo } from './use-gift-promo';
import styles from './gift-buy-block.module.scss';

/** A choice made before registering (pay_after and send-gift), to pre-select. */
export interface GiftPreset {
  tariffId: number;
  promo: string | null;
  email: string | null;
}

export interface GiftBuyBlockProps {
  /** A guest registers first (the choice waits in pay_after); a parent goes to the bank. */
  buyer: 'guest' | 'parent';
  preset?: GiftPreset | null;
}

/** Choosing and buying a gift subscription: duration, promo code, who it is for, the total and the button. */
export function GiftBuyBlock({ buyer, preset }: GiftBuyBlockProps) {
  const ids = useId();
  const { data, isError, isFetching, refetch } = useGifts();
  const options = giftOptions(data?.data ?? []);
  const [chosenId, setChosenId] = useState<number | undefined>(undefined);
  const chosen =
    options.find((option) => option.id === chosenId) ?? initialOption(options, preset?.tariffId);
  const promo = useGiftPromo(chosen?.id, preset?.promo ?? null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<{ recipient: string }>({
    defaultValues: { recipient: preset?.email ?? '' },
    // A message stays until the address changes, then goes: no checking while the parent types.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  if (!data) {
    if (isError) {
      return (
        <ErrorState
          title="Не удалось загрузить подарочные тарифы"
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      );
    }
    return (
      <div
        className={styles.loading}
        role="status"
        aria-busy="true"
        aria-label="Загружаем подарочные тарифы"
      >
        <Skeleton height={120} radius={24} />
        <Skeleton height={260} radius={32} />
      </div>
    );
  }
  if (!chosen) {
    return (
      <p className={styles.lead}>Подарочных подписок сейчас нет в продаже. Загляните позже.</p>
    );
  }

  const total = promo.applied?.total ?? chosen.price;

  const buy = handleSubmit(async (values) => {
    const recipient = values.recipient.trim();
    // A code typed but not applied yet is checked first: the parent pays the price they were shown.
    let applied = promo.applied;
    if (promo.input && promo.input !== applied?.code) {
      applied = await promo.apply();
      if (!applied) return;
    }
    writeSendGift(recipient || null);
    if (buyer === 'guest') {
      writePayAfter({
        kind: 'gift',
        tariff_id: chosen.id,
        promo: applied?.code ?? null,
        recurrent: false,
      });
      openModal('register');
      return;
    }
    setPaying(true);
    try {
      const purchase = await initializePurchase({ ids: [chosen.id], type: 'gift' });
      // The server takes a promo code only as applied to this very purchase.
      const bound = applied
        ? await checkPromocode({ code: applied.code, purchase_id: purchase.purchase_id })
        : null;
      clearPayAfter();
      await goToBank({
        kind: 'gift',
        purchase_id: purchase.purchase_id,
        promo_id: bound?.promo_id ?? null,
      });
    } catch (error) {
      if (!toldGlobally(error)) setFailure(errorMessage(error));
      setPaying(false);
    }
  });

  return (
    <form
      className={styles.block}
      aria-label="Покупка подписки в подарок"
      noValidate
      onSubmit={(event) => {
        setFailure(null);
        void buy(event);
      }}
    >
      <GiftTariffCards
        options={options}
        chosenId={chosen.id}
        name={`${ids}-tariff`}
        onChoose={(option) => setChosenId(option.id)}
      />
      <div className={styles.summary}>
        <div className={styles.fields}>
          <PromoField id={`${ids}-promo`} promo={promo} />
          <TextField
            id={`${ids}-email`}
            label="Кому отправить подарок — можно указать позже"
            type="text"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="Почта получателя"
            error={errors.recipient?.message}
            {...register('recipient', {
              // Optional: a gift can be sent later from «Мои подарки».
              validate: (value) =>
                !value.trim() ||
                looksLikeEmail(value.trim()) ||
                'Проверьте адрес: например, name@example.ru',
              onChange: () => clearErrors('recipient'),
            })}
            hint="Пришлём получателю письмо с кодом сразу после оплаты"
          />
        </div>
        <div className={styles.pay} aria-live="polite">
          <span className={styles.totalLabel}>Итого к оплате</span>
          <PriceTag amount={total} oldAmount={promo.applied ? chosen.price : null} size="lg" />
          <span className={styles.totalNote}>
            {chosen.title}. Сертификат действует год, подписка начнётся в день активации
          </span>
          <FormAlert message={failure} />
          <Button type="submit" size="lg" block loading={paying || promo.checking}>
            Купить в подарок за {formatPrice(total)}
          </Button>
          {buyer === 'guest' && (
            <span className={styles.totalNote}>
              Сначала создадим аккаунт — в нём будет код подарка на{' '}
              {pluralize(chosen.duration, MONTHS)}
            </span>
          )}
        </div>
      </div>
    </form>
  );
}
