// The letter after a paid order bought by hand (a gift and an automatic renewal have letters of their own,
// which say the same facts): what was bought, for whom, until when, how much, and the order's number — the
// one «История платежей» shows, for a question to support.
import { pluralize } from '@contract/plural';
import {
  greeting,
  mailto,
  note,
  p,
  type MailBlock,
  type MailContent,
  type TemplateContext,
} from './content';

export const PAID_KINDS = ['subscription', 'child-slot', 'weeks', 'additional-program'] as const;
export type PaidKind = (typeof PAID_KINDS)[number];

export interface PurchasePaidMailData {
  name: string;
  kind: PaidKind;
  /** What was bought, as the receipt names it, a line each. */
  items: string[];
  /** The children it opened for: the chosen ones, or the family's for a subscription; empty for a place. */
  children: string[];
  /** "24 мая 2027": the end of the paid time after this purchase; null for what has no term. */
  until: string | null;
  /** "7 140 ₽" (formatPrice): what the card was charged. */
  amount: string;
  order_number: string;
  /** "990 ₽": the part going back to the card (weeks the child had already), or null. */
  returned: string | null;
}

const WEEKS = { one: 'неделя', few: 'недели', many: 'недель' };

/** The first sentence: what the payment did, in the family's words. */
function whatHappened(data: PurchasePaidMailData): string {
  switch (data.kind) {
    case 'subscription':
      return data.until === null
        ? 'Подписка оплачена — уроки открыты.'
        : `Подписка оплачена — уроки открыты до ${data.until}.`;
    case 'child-slot':
      return 'В семье появилось место ещё для одного ребёнка — оно остаётся за вами без срока.';
    case 'weeks':
      return data.items.length === 1
        ? 'Пропущенная неделя открыта и останется открытой, даже когда подписка закончится.'
        : `Открыты пропущенные недели (${pluralize(data.items.length, WEEKS)}) — ` +
            'они останутся открытыми, даже когда подписка закончится.';
    case 'additional-program':
      return 'Дополнительная программа открыта — без срока, её можно смотреть когда удобно.';
  }
}

const NEXT: Record<PaidKind, { label: string; path: string }> = {
  subscription: { label: 'К урокам', path: '/video' },
  'child-slot': { label: 'Добавить ребёнка', path: '/personal/students' },
  weeks: { label: 'К урокам', path: '/video' },
  'additional-program': { label: 'К урокам', path: '/video' },
};

function facts(data: PurchasePaidMailData): MailBlock {
  const rows = [
    { label: data.items.length > 1 ? 'Покупки' : 'Покупка', value: data.items.join('; ') },
    ...(data.children.length > 0
      ? [{ label: data.children.length > 1 ? 'Дети' : 'Ребёнок', value: data.children.join(', ') }]
      : []),
    { label: 'Действует', value: data.until === null ? 'без срока' : `до ${data.until}` },
    { label: 'Сумма', value: data.amount },
    { label: 'Заказ', value: `№\u00a0${data.order_number}` },
  ];
  return { kind: 'facts', rows };
}

export function purchasePaidMail(
  data: PurchasePaidMailData,
  context: TemplateContext,
): MailContent {
  const next = NEXT[data.kind];
  return {
    subject: `Оплата прошла — заказ №\u00a0${data.order_number}`,
    preview: `${whatHappened(data)} Списано ${data.amount}.`,
    heading: 'Оплата прошла',
    blocks: [
      greeting(data.name),
      p(`Спасибо! ${whatHappened(data)}`),
      facts(data),
      ...(data.returned === null
        ? []
        : [
            p(
              `${data.returned} вернём на карту: часть этих недель у ребёнка уже была открыта. ` +
                'Обычно деньги приходят за несколько дней — срок зависит от банка.',
            ),
          ]),
      { kind: 'button', label: next.label, url: `${context.publicUrl}${next.path}` },
      note(
        'Все платежи — в разделе «Тарифы», в «Истории платежей». Кассовый чек придёт отдельным письмом.',
      ),
      note('Вопросы — на ', mailto(context.supportEmail), ', с номером заказа.'),
    ],
    reason: 'Вы получили это письмо, потому что оплатили покупку в Школе Умняшек.',
  };
}
