// Mail about the automatic renewal of a subscription: the reminder the rules require before each charge
// (sum, date, card, how to refuse), the charge done, and a renewal that could not be made.
import {
  greeting,
  mailto,
  note,
  p,
  quoted,
  type MailContent,
  type TemplateContext,
} from './content';

export interface RenewalMailData {
  name: string;
  /** The tariff's title. */
  title: string;
  /** "1 990 ₽" (formatPrice). */
  amount: string;
  /** "24 ноября 2026". */
  date: string;
  /** "•••• 5599", or empty when the bank gave no number. */
  card: string;
}

export interface RenewalDoneMailData extends RenewalMailData {
  /** The school's order number of the charge; absent in a mail queued before letters carried it. */
  order_number?: string | undefined;
}

export interface RenewalFailedMailData extends RenewalMailData {
  /** The bank asked for 3-D Secure: a saved card cannot be charged without the parent. */
  needs_confirmation: boolean;
}

/** «Подписка на 3 месяца» as it is; a title of another shape as «Подписка «…»». */
export const subscriptionName = (title: string) =>
  /^подписка(?=\s|$)/iu.test(title.trim()) ? title.trim() : `Подписка ${quoted(title)}`;

const tariffsUrl = (context: TemplateContext) => `${context.publicUrl}/personal/tariffs`;
const cardText = (card: string) => (card === '' ? 'сохранённой карты' : `карты ${card}`);
const REASON =
  'Вы получили это письмо, потому что включили автопродление подписки в Школе Умняшек.';

/** Three days before a charge: what, how much, when, from which card, and how to refuse. */
export function renewalReminderMail(data: RenewalMailData, context: TemplateContext): MailContent {
  return {
    subject: `Подписка продлится автоматически ${data.date}`,
    preview: `Спишем ${data.amount} с ${cardText(data.card)}. Отключить можно в личном кабинете.`,
    heading: 'Скоро автопродление',
    blocks: [
      greeting(data.name),
      p(
        `${subscriptionName(data.title)} продлится автоматически ${data.date}: ` +
          `мы спишем ${data.amount} с ${cardText(data.card)}.`,
      ),
      p(
        'Если продлевать не нужно, отключите автопродление в разделе «Тарифы» — в один клик. ' +
          'Оплаченные дни останутся.',
      ),
      { kind: 'button', label: 'Отключить автопродление', url: tariffsUrl(context) },
      note('Вопросы — на ', mailto(context.supportEmail), '.'),
    ],
    reason: REASON,
  };
}

/** The charge went through: the letter of that order, like the one after a purchase made by hand. */
export function renewalDoneMail(data: RenewalDoneMailData, context: TemplateContext): MailContent {
  return {
    subject: 'Подписка продлена',
    preview: `Списано ${data.amount}. Занятия продолжаются.`,
    heading: 'Подписка продлена',
    blocks: [
      greeting(data.name),
      p(
        `${subscriptionName(data.title)} продлена: ${data.amount} списано с ${cardText(data.card)}. ` +
          `Занятия оплачены до ${data.date}, в этот день будет следующее списание.`,
      ),
      {
        kind: 'facts',
        rows: [
          ...(data.order_number ? [{ label: 'Заказ', value: `№\u00a0${data.order_number}` }] : []),
          { label: 'Сумма', value: data.amount },
          { label: 'Оплачено до', value: data.date },
        ],
      },
      p('Отключить автопродление или удалить карту можно в разделе «Тарифы».'),
      { kind: 'button', label: 'Тарифы', url: tariffsUrl(context) },
      note('Вопросы — на ', mailto(context.supportEmail), '.'),
    ],
    reason: REASON,
  };
}

export function renewalFailedMail(
  data: RenewalFailedMailData,
  context: TemplateContext,
): MailContent {
  const why = data.needs_confirmation
    ? 'Банк попросил подтвердить платёж кодом, а без вас это сделать нельзя.'
    : 'Банк отклонил списание несколько раз.';
  return {
    subject: 'Не удалось продлить подписку',
    preview: 'Продлите подписку вручную в разделе «Тарифы».',
    heading: 'Подписка не продлена',
    blocks: [
      greeting(data.name),
      p(`Мы не смогли списать ${data.amount} с ${cardText(data.card)}. ${why}`),
      p(
        'Автопродление выключено, больше попыток не будет. Чтобы занятия продолжались, ' +
          'оплатите подписку вручную в разделе «Тарифы».',
      ),
      { kind: 'button', label: 'Оплатить в «Тарифах»', url: tariffsUrl(context) },
      note('Вопросы — на ', mailto(context.supportEmail), '.'),
    ],
    reason: REASON,
  };
}
