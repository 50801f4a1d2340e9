import { greeting, mailto, note, p, type MailContent, type TemplateContext } from './content';

export interface GiftMailData {
  /** The buyer's name (gift-ready) or the sender's (gift). */
  name: string;
  code: string;
  /** "Подписка на 6 месяцев для 2 детей". */
  title: string;
  /** "24 ноября 2027". */
  valid_until: string;
}

/** To the buyer: the gift is paid and its code is ready to hand over. */
export function giftReadyMail(data: GiftMailData, context: TemplateContext): MailContent {
  return {
    subject: 'Ваш подарок готов — код сертификата',
    preview: `Код: ${data.code}. Подарите его или отправьте из личного кабинета.`,
    heading: 'Подарок оплачен',
    blocks: [
      greeting(data.name),
      p(`Спасибо! ${data.title} — ваш подарок. Код сертификата:`),
      { kind: 'steps', items: [data.code] },
      p(
        'Передайте код тому, кому дарите, или отправьте его на почту из личного кабинета. ' +
          'Получатель вводит код на странице подарка.',
      ),
      { kind: 'button', label: 'Мои подарки', url: `${context.publicUrl}/personal/gift` },
      note(`Код действует до ${data.valid_until} и подходит один раз.`),
      note('Вопросы — на ', mailto(context.supportEmail), '.'),
    ],
    reason: 'Вы получили это письмо, потому что купили подарок в Школе Умняшек.',
  };
}

/** To the recipient: someone gave them a subscription. */
export function giftMail(data: GiftMailData, context: TemplateContext): MailContent {
  const from = data.name.trim() === '' ? 'Вам' : `${data.name} дарит вам`;
  return {
    subject: 'Вам подарили подписку на Школу Умняшек',
    preview: `${data.title}. Код: ${data.code}.`,
    heading: 'Вам подарок!',
    blocks: [
      p(
        `${from === 'Вам' ? 'Вам подарили' : from}: ${data.title.toLowerCase()} в Школе Умняшек — ` +
          'видеоуроках для детей от 2 до 7 лет.',
      ),
      p('Код сертификата:'),
      { kind: 'steps', items: [data.code] },
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
