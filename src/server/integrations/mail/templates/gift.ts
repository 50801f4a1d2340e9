// Gift mail: to the buyer when the gift is paid (the letter of that order: code, sum, order number), and
// to whoever the buyer mails the code. The code stands alone, large, to be copied whole.
import {
  greeting,
  mailto,
  note,
  p,
  quoted,
  type MailBlock,
  type MailContent,
  type TemplateContext,
} from './content';

export interface GiftMailData {
  /** The buyer's name (gift-ready) or the sender's (gift). */
  name: string;
  code: string;
  /** "Подарочная подписка на 6 месяцев для двоих детей". */
  title: string;
  /** "24 ноября 2027". */
  valid_until: string;
}

export interface GiftReadyMailData extends GiftMailData {
  /** "7 140 ₽" (formatPrice); absent in a mail queued before letters carried their order. */
  amount?: string | undefined;
  /** The school's order number, as «История платежей» shows it. */
  order_number?: string | undefined;
}

/** The starts of tariff titles the letter can put in the accusative («дарит вам подписку на…»). */
const ACCUSATIVE: readonly [RegExp, string][] = [
  [/^подарочная подписка(?=\s|$)/iu, 'подарочную подписку'],
  [/^подписка(?=\s|$)/iu, 'подписку'],
];

/**
 * The title as the object of «дарит вам …»: «Подарочная подписка на 6 месяцев» → «подарочную подписку на
 * 6 месяцев». Null for a title the back office named otherwise: the letter then quotes it whole.
 */
export function giftAccusative(title: string): string | null {
  const trimmed = title.trim();
  for (const [start, accusative] of ACCUSATIVE) {
    if (start.test(trimmed)) return trimmed.replace(start, accusative);
  }
  return null;
}

/** «Анна дарит вам подарочную подписку на 6 месяцев.» — or, for a title of another shape, quoted. */
export function giftSentence(giver: string, title: string): string {
  const object = giftAccusative(title);
  const who = giver.trim();
  if (object !== null) return who ? `${who} дарит вам ${object}.` : `Вам подарили ${object}.`;
  return who ? `${who} дарит вам подарок — ${quoted(title)}.` : `Вам подарок — ${quoted(title)}.`;
}

const codeBlock = (code: string): MailBlock => ({ kind: 'code', code });

/** To the buyer: the gift is paid and its code is ready to hand over. */
export function giftReadyMail(data: GiftReadyMailData, context: TemplateContext): MailContent {
  const facts = [
    ...(data.order_number ? [{ label: 'Заказ', value: `№\u00a0${data.order_number}` }] : []),
    ...(data.amount ? [{ label: 'Сумма', value: data.amount }] : []),
    { label: 'Код действует до', value: data.valid_until },
  ];
  return {
    subject: 'Ваш подарок готов — код сертификата',
    preview: `Код: ${data.code}. Подарите его или отправьте из личного кабинета.`,
    heading: 'Подарок оплачен',
    blocks: [
      greeting(data.name),
      p(`Спасибо за покупку! Подарок ${quoted(data.title)} оплачен. Код сертификата:`),
      codeBlock(data.code),
      { kind: 'facts', rows: facts },
      p(
        'Передайте код тому, кому дарите, или отправьте его на почту из личного кабинета. ' +
          'Получатель вводит код на странице подарка.',
      ),
      { kind: 'button', label: 'Мои подарки', url: `${context.publicUrl}/personal/gift` },
      note('Код подходит один раз. Вопросы — на ', mailto(context.supportEmail), '.'),
    ],
    reason: 'Вы получили это письмо, потому что купили подарок в Школе Умняшек.',
  };
}

/** To the recipient: someone gave them a subscription. */
export function giftMail(data: GiftMailData, context: TemplateContext): MailContent {
  return {
    subject: 'Вам подарили подписку на Школу Умняшек',
    preview: `${data.title}. Код: ${data.code}.`,
    heading: 'Вам подарок!',
    blocks: [
      p(giftSentence(data.name, data.title)),
      p('Школа Умняшек — это видеоуроки для детей от\u00a02 до\u00a07 лет. Код сертификата:'),
      codeBlock(data.code),
      {
        kind: 'button',
        label: 'Активировать подарок',
        url: `${context.publicUrl}/gift?code=${encodeURIComponent(data.code)}`,
      },
      note(`Активируйте до ${data.valid_until}: зарегистрируйтесь или войдите и введите код.`),
    ],
    reason: 'Вы получили это письмо, потому что кто-то отправил вам подарок из Школы Умняшек.',
  };
}
