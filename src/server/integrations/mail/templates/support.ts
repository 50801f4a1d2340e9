// Support mail: a request as it reaches the support inbox (replying answers the parent), and the parent's
// receipt with the request's number.
import { greeting, mailto, note, p, type MailContent, type TemplateContext } from './content';

export interface SupportMailData {
  /** The request's number. */
  number: number;
  name: string;
  /** The parent's address, as stored: the Reply-To of the inbox copy. */
  email: string;
  message: string;
  /** «зарегистрирован, id 42» or «гость». */
  sender: string;
}

/** The message as the parent wrote it, a paragraph per line. */
const paragraphs = (message: string) =>
  message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => p(line));

export function supportRequestMail(data: SupportMailData, context: TemplateContext): MailContent {
  return {
    subject: `Обращение №\u00a0${data.number}: ${data.name}`,
    preview: data.message.slice(0, 120),
    heading: `Обращение №\u00a0${data.number}`,
    blocks: [
      p(`От: ${data.name} <${data.email}> (${data.sender})`),
      ...paragraphs(data.message),
      note('Ответ на это письмо уйдёт автору обращения. Обращения — в админке: ', {
        text: `${context.publicUrl}/admin`,
        href: `${context.publicUrl}/admin`,
      }),
    ],
    reason: 'Письмо из формы «Служба поддержки» сайта Школы Умняшек.',
    replyTo: data.email,
  };
}

export function supportReceivedMail(
  data: Pick<SupportMailData, 'number' | 'name' | 'message'>,
  context: TemplateContext,
): MailContent {
  return {
    subject: `Мы получили ваше обращение №\u00a0${data.number}`,
    preview: 'Ответим письмом на этот адрес.',
    heading: 'Обращение получено',
    blocks: [
      greeting(data.name),
      p(
        `Спасибо, что написали! Обращение №\u00a0${data.number} у нас, ответим письмом на этот адрес — ` +
          'обычно в течение рабочего дня.',
      ),
      p('Вы написали:'),
      ...paragraphs(data.message),
      note(
        'Если захотите что-то добавить, просто ответьте на это письмо или напишите на ',
        mailto(context.supportEmail),
        '.',
      ),
    ],
    reason: 'Вы получили это письмо, потому что написали в службу поддержки Школы Умняшек.',
    replyTo: context.supportEmail,
  };
}
