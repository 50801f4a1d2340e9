// The sandbox gateway's test cards and what the payment page accepts. Only these numbers pay (or fail in
// their documented way): any other number is refused on the page, so no real card data is ever typed in
// and kept. Only the masked number is stored, never the full one or the CVC.

/** How a card behaves, for a payment on the page and for a charge of its saved binding alike. */
export type CardKind = 'success' | 'three-ds' | 'declined' | 'timeout';

export type PaymentSystem = 'VISA' | 'MASTERCARD' | 'MIR';

export interface TestCard {
  pan: string;
  kind: CardKind;
  paymentSystem: PaymentSystem;
  /** What happens, in Russian, for the lists on the pages. */
  outcome: string;
}

export const TEST_CVC = '123';
/** The one-time code of the 3-D Secure page; any other code declines the payment. */
export const THREE_DS_CODE = '12345678';

export const TEST_CARDS: readonly TestCard[] = [
  {
    pan: '5555555555555599',
    kind: 'success',
    paymentSystem: 'MASTERCARD',
    outcome: 'успешная оплата',
  },
  {
    pan: '2200000000000053',
    kind: 'success',
    paymentSystem: 'MIR',
    outcome: 'успешная оплата картой «Мир»',
  },
  {
    pan: '4111111111111111',
    kind: 'three-ds',
    paymentSystem: 'VISA',
    outcome: `оплата после проверки 3-D Secure (код ${THREE_DS_CODE})`,
  },
  {
    pan: '4000000000000002',
    kind: 'declined',
    paymentSystem: 'VISA',
    outcome: 'отказ банка',
  },
  {
    pan: '4000000000000119',
    kind: 'timeout',
    paymentSystem: 'VISA',
    outcome: 'банк не отвечает: платёж остаётся в обработке',
  },
];

/** `411111**1111`: the form Sberbank itself reports. */
export function maskPan(pan: string): string {
  return `${pan.slice(0, 6)}**${pan.slice(-4)}`;
}

/** `4111 1111 1111 1111`, with non-breaking spaces so a number never wraps. */
export function spacedPan(pan: string): string {
  return (pan.match(/.{1,4}/g) ?? []).join('\u00a0');
}

/** The test card a stored masked number belongs to (masks of the test cards do not collide). */
export function cardByMask(maskedPan: string | null): TestCard | undefined {
  return maskedPan === null ? undefined : TEST_CARDS.find((c) => maskPan(c.pan) === maskedPan);
}

export const TIMEOUT_CARD_MASK = maskPan(
  TEST_CARDS.find((c) => c.kind === 'timeout')?.pan ?? '4000000000000119',
);

export interface CardInput {
  pan?: string;
  expiry?: string;
  cvc?: string;
  cardholder?: string;
}

export interface AcceptedCard {
  card: TestCard;
  maskedPan: string;
  /** YYYYMM, as getOrderStatusExtended and getBindings report it. */
  expiration: string;
  cardholderName: string;
}

export type CardField = 'pan' | 'expiry' | 'cvc' | 'cardholder';

export type CardCheck =
  { ok: true; accepted: AcceptedCard } | { ok: false; field: CardField; message: string };

const CARDHOLDER = /^[A-Za-z][A-Za-z .'-]{0,63}$/;

/** The card form as the page received it; `now` decides whether the expiry date has passed. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const digits = (input.pan ?? '').replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(digits)) {
    return { ok: false, field: 'pan', message: 'Введите номер карты — 16 цифр.' };
  }
  const card = TEST_CARDS.find((c) => c.pan === digits);
  if (!card) {
    return {
      ok: false,
      field: 'pan',
      message: 'Это не тестовая карта: в песочнице работают только карты из списка ниже.',
    };
  }
  const expiry = /^\s*(\d{2})\s*\/?\s*(\d{2})\s*$/.exec(input.expiry ?? '');
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) {
    return {
      ok: false,
      field: 'expiry',
      message: 'Введите срок действия в виде ММ/ГГ, например 12/30.',
    };
  }
  // A card is valid to the end of its month.
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    return { ok: false, field: 'expiry', message: 'Срок действия карты истёк.' };
  }
  if ((input.cvc ?? '').trim() !== TEST_CVC) {
    return { ok: false, field: 'cvc', message: `Неверный CVC: у тестовых карт он ${TEST_CVC}.` };
  }
  const holder = (input.cardholder ?? '').trim().replace(/\s+/g, ' ');
  if (holder !== '' && !CARDHOLDER.test(holder)) {
    return {
      ok: false,
      field: 'cardholder',
      message: 'Имя держателя — латинскими буквами, как на карте.',
    };
  }
  return {
    ok: true,
    accepted: {
      card,
      maskedPan: maskPan(card.pan),
      expiration: `${year}${String(month).padStart(2, '0')}`,
      cardholderName: holder === '' ? 'CARDHOLDER' : holder.toUpperCase(),
    },
  };
}
