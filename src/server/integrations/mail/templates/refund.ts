// The money of a purchase went back to the card (a refund from the back office). Short: what, how much,
// where to, and that what the purchase gave no longer works.
import {
  greeting,
  mailto,
  note,
  p,
  quoted,
  type MailContent,
  type TemplateContext,
} from './content';

export interface RefundMailData {
  name: string;
  /** What was bought, as the receipt names it. */
  title: string;
  /** "1 990 ₽" (formatPrice). */
  amount: string;
  /** "•••• 5599", or empty when the bank gave no number. */
  card: string;
  /** What the purchase gave was taken back (false for a second payment of something already paid). */
  took_back: boolean;
}

export function refundMail(data: RefundMailData, context: TemplateContext): MailContent {
  const card = data.card === '' ? 'карту, с которой вы платили' : `карту ${data.card}`;
  // «за покупку «…»»: the title stays as the receipt names it, in quotes after a word that takes the case,
  // with the quotes of a program's name inside it turned to „…“.
  const what = `за покупку ${quoted(data.title)}`;
  return {
    subject: 'Деньги вернулись на карту',
    preview: `Мы вернули ${data.amount} ${what}.`,
    heading: 'Возврат денег',
    blocks: [
      greeting(data.name),
      p(`Мы вернули ${data.amount} ${what} на ${card}.`),
      p('Обычно деньги приходят за несколько дней — срок зависит от вашего банка.'),
      ...(data.took_back ? [p('То, что давала эта покупка, больше не действует.')] : []),
      note('Вопросы — на ', mailto(context.supportEmail), '.'),
    ],
    reason: 'Вы получили это письмо, потому что оплачивали покупку в Школе Умняшек.',
  };
}
