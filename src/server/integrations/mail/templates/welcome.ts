import { greeting, mailto, note, p, type MailContent, type TemplateContext } from './content';

export function welcomeMail(data: { name: string }, context: TemplateContext): MailContent {
  return {
    subject: 'Добро пожаловать в Школу Умняшек!',
    preview: 'Три шага до первого урока вашего малыша.',
    heading: 'Добро пожаловать в Школу Умняшек!',
    blocks: [
      greeting(data.name),
      p(
        'Мы очень рады, что вы с нами. В Школе Умняшек дети от 2 до 7 лет учатся играя: ' +
          'короткие видеоуроки по возрасту, понятные задания и много хорошего настроения.',
      ),
      p('С чего начать:'),
      {
        kind: 'steps',
        items: [
          'Добавьте ребёнка в личном кабинете — мы подберём программу по возрасту.',
          'Выберите подписку. Попробовать можно бесплатно, без привязки карты.',
          'Смотрите уроки вместе с малышом — на сайте или в мобильном приложении.',
        ],
      },
      { kind: 'button', label: 'Добавить ребёнка', url: `${context.publicUrl}/personal/students` },
      note(
        'Если что-то не получается, напишите нам на ',
        mailto(context.supportEmail),
        ' — поможем.',
      ),
    ],
    reason: 'Вы получили это письмо, потому что зарегистрировались в Школе Умняшек.',
  };
}
