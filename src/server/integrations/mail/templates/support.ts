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

export function supportRequestMail(data: SupportMailData): MailContent {
  return {
    subject: `Обращение №\u00a0${data.number}: ${data.name}`,
    // By characters, not UTF-16 units: an emoji is never cut in half.
    preview: Array.from(data.message).slice(0, 120).join(''),
    heading: `Обращение №\u00a0${data.number}`,
    blocks: [
      p(`Имя: ${data.name}`),
      p(`Почта: ${data.email}`),
      p(`Кто: ${data.sender}`),
      ...paragraphs(data.message),
      note('Ответ на это письмо уйдёт автору обращения.'),
    ],
    reason: 'Письмо из формы «Служба поддержки» сайта Школы Умняшек.',
    replyTo: data.email,
  };
}

/**
 * The writer's receipt. To an address nobody confirmed (a guest's) it says only the number: no text or
 * name typed by whoever sent the form.
 */
export function supportReceivedMail(
  data: { number: number; name: string; message: string | null },
  context: TemplateContext,
): MailContent {
  return {
    subject: `Мы получили ваше обращение №\u00a0${data.number}`,
    preview: 'Ответим письмом на этот адрес.',
    heading: 'Обращение получено',
    blocks: [
      greeting(data.name),
      p(
        `Спасибо, что написали! Обращение №\u00a0${data.number} у нас, ответим письмом на этот адрес\u00a0— ` +
          'обычно в течение рабочего дня.',
      ),
      ...(data.message === null ? [] : [p('Вы написали:'), ...paragraphs(data.message)]),
      note(
        'Если захотите что-то добавить, просто ответьте на это письмо или напишите на ',
        mailto(context.supportEmail),
        '.',
      ),
    ],
    reason:
      'Вы получили это письмо, потому что с этим адресом написали в службу поддержки Школы Умняшек. ' +
      'Если это были не вы, просто удалите письмо.',
    replyTo: context.supportEmail,
  };
}

/** The back office's answer to a request, from the support team; a reply continues the conversation. */
export function supportAnswerMail(
  data: { number: number; name: string; answer: string },
  context: TemplateContext,
): MailContent {
  return {
    subject: `Ответ на обращение №\u00a0${data.number}`,
    preview: Array.from(data.answer).slice(0, 120).join(''),
    heading: `Ответ на обращение №\u00a0${data.number}`,
    blocks: [
      greeting(data.name),
      ...paragraphs(data.answer),
      note(
        'Если остались вопросы, ответьте на это письмо или напишите на ',
        mailto(context.supportEmail),
        '.',
      ),
    ],
    reason:
      'Вы получили это письмо, потому что с этим адресом написали в службу поддержки Школы Умняшек.',
    replyTo: context.supportEmail,
  };
}
