// Mail about the automatic renewal of a subscription: the reminder the rules require before each charge
// (sum, date, card, how to refuse), the charge done, and a renewal that could not be made.
import { greeting, mailto, note, p, type MailContent, type TemplateContext } from './content';

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

export interface RenewalFailedMailData extends RenewalMailData {
  /** The bank asked for 3-D Secure: a saved card cannot be charged without the parent. */
  needs_confirmation: boolean;
}

const tariffsUrl = (context: TemplateContext) => `${context.publicUrl}/personal/tariffs`;
const cardText = (card: string) => (card === '' ? 'сохранённой карты' : `карты ${card}`);
const REASON =
  'Вы получили это письмо, потому что включили автопродление подписки в Школе Умняшек.';

/** Three days before a charge: what, how much, when, from which card, and how to refuse. */
export function renewalReminderMail(data: RenewalMailData, context: TemplateContext): MailContent {
  return {
    subject: `${data.date} подписка продлится автоматически`,
    preview: `Спишем ${data.amount} с ${cardText(data.card)}. Отключить можно в личном кабинете.`,
    heading: 'Скоро автопродление',
    blocks: [
      greeting(data.name),
      p(
        `${data.date} подписка «${data.title}» продлится автоматически: ` +
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

export function renewalDoneMail(data: RenewalMailData, context: TemplateContext): MailContent {
  return {
    subject: 'Подписка продлена',
    preview: `Списано ${data.amount}. Занятия продолжаются.`,
    heading: 'Подписка продлена',
    blocks: [
      greeting(data.name),
      p(
        `Подписка «${data.title}» продлена: ${data.amount} списано с ${cardText(data.card)}. ` +
          `Следующее списание — ${data.date}.`,
      ),
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
