// The words of the letters as a parent reads them: cases, quotes, the code alone, the sum in roubles.
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../testing/test-app';
import type { MailRequest } from '../queue';
import { renderMail } from '../render';
import { quoted } from './content';
import { giftAccusative, giftSentence } from './gift';

const config = testConfig({ PUBLIC_URL: 'https://umnyashki.example' });
const to = 'mama@example.ru';
const CODE = 'UASW-7KQ2-M9XD';
const GIFT = {
  name: 'Ольга',
  code: CODE,
  title: 'Подарочная подписка на 6\u00a0месяцев для двоих детей',
  valid_until: '24 ноября 2027',
};

describe('gift letters', () => {
  it('put the tariff’s title in the accusative after «дарит вам»', () => {
    expect(giftAccusative('Подарочная подписка на 6 месяцев')).toBe(
      'подарочную подписку на 6 месяцев',
    );
    expect(giftAccusative('Подписка на год')).toBe('подписку на год');
    expect(giftAccusative('Подписочный набор')).toBeNull();
    expect(giftSentence('Ольга', 'Подарочная подписка на 6 месяцев')).toBe(
      'Ольга дарит вам подарочную подписку на 6 месяцев.',
    );
    expect(giftSentence('', 'Подписка на год')).toBe('Вам подарили подписку на год.');
    // A title of another shape is quoted whole, never forced into a wrong case.
    expect(giftSentence('Ольга', 'Год с «Умняшками»')).toBe(
      'Ольга дарит вам подарок — «Год с „Умняшками“».',
    );
  });

  it('the recipient’s: the sentence declined, the code alone, large and whole', async () => {
    const mail = await renderMail({ template: 'gift', to, data: GIFT }, config);
    expect(mail.text).toContain(
      'Ольга дарит вам подарочную подписку на 6\u00a0месяцев для двоих детей.',
    );
    expect(mail.text).not.toContain('дарит вам:');
    // No list marker before the one code, in either part.
    expect(mail.text).not.toMatch(/\d\.\s*UASW/);
    expect(mail.text).toMatch(new RegExp(`\\n\\n${CODE}\\n\\n`));
    expect(mail.html).not.toMatch(/>1\.<\/span>/);
    expect(mail.html).toMatch(new RegExp(`font-size:28px[^>]*>${CODE}<`));
    expect(mail.html).toContain('user-select:all');
  });

  it('the buyer’s: the code alone, the sum and the order number', async () => {
    const mail = await renderMail(
      {
        template: 'gift-ready',
        to,
        data: { ...GIFT, amount: '4\u00a0740\u00a0₽', order_number: 'P12-ab34cd56ef78' },
      },
      config,
    );
    expect(mail.text).toContain(
      'Подарок «Подарочная подписка на 6\u00a0месяцев для двоих детей» оплачен.',
    );
    expect(mail.text).toMatch(new RegExp(`\\n\\n${CODE}\\n\\n`));
    expect(mail.text).toContain('Заказ: №\u00a0P12-ab34cd56ef78');
    expect(mail.text).toContain('Сумма: 4\u00a0740\u00a0₽');
    expect(mail.text).toContain('Код действует до: 24 ноября 2027');
  });

  it('the buyer’s letter queued before it carried the order still renders', async () => {
    const mail = await renderMail({ template: 'gift-ready', to, data: GIFT }, config);
    expect(mail.text).not.toContain('Заказ:');
    expect(mail.text).toContain('Код действует до: 24 ноября 2027');
  });
});

describe('quotes', () => {
  it('nest „…“ inside «…»', () => {
    expect(quoted('Неделя 3 программы «Осень»')).toBe('«Неделя 3 программы „Осень“»');
    expect(quoted('Подписка на месяц')).toBe('«Подписка на месяц»');
  });

  it('the refund letter names the purchase after «за покупку», inner quotes „…“', async () => {
    const mail = await renderMail(
      {
        template: 'refund',
        to,
        data: {
          name: 'Анна',
          title: 'Программа «Английский для малышей» для 2\u00a0детей',
          amount: '1\u00a0990\u00a0₽',
          card: '•••• 5599',
          took_back: true,
        },
      },
      config,
    );
    const said =
      'Мы вернули 1\u00a0990\u00a0₽ за покупку «Программа „Английский для малышей“ для 2\u00a0детей» ' +
      'на карту •••• 5599.';
    expect(mail.text).toContain(said);
    expect(mail.html).toContain(said);
    expect(mail.text).not.toMatch(/за «/);
  });

  it('the renewal letters quote the tariff the same way and start with the word, not the date', async () => {
    const data = {
      name: 'Анна',
      title: 'Всё «включено»',
      amount: '990\u00a0₽',
      date: '24 декабря 2026',
      card: '•••• 5599',
    };
    const reminder = await renderMail({ template: 'renewal-reminder', to, data }, config);
    expect(reminder.subject).toBe('Подписка продлится автоматически 24 декабря 2026');
    expect(reminder.text).toContain(
      'Подписка «Всё „включено“» продлится автоматически 24 декабря 2026',
    );
    const plain = await renderMail(
      { template: 'renewal-reminder', to, data: { ...data, title: 'Подписка на 3\u00a0месяца' } },
      config,
    );
    expect(plain.text).toContain('Подписка на 3\u00a0месяца продлится автоматически');
    const done = await renderMail(
      { template: 'renewal-done', to, data: { ...data, order_number: 'R7-0a1b2c3d4e5f' } },
      config,
    );
    expect(done.text).toContain('Заказ: №\u00a0R7-0a1b2c3d4e5f');
    expect(done.text).toContain('Оплачено до: 24 декабря 2026');
  });
});

describe('the letter after payment', () => {
  const base = {
    name: 'Анна',
    amount: '1\u00a0490\u00a0₽',
    order_number: 'P5-0123456789ab',
    returned: null,
  };
  const letter = (data: Extract<MailRequest, { template: 'purchase-paid' }>['data']) =>
    renderMail({ template: 'purchase-paid', to, data }, config);

  it('says what, for whom, until when, how much and the number', async () => {
    const mail = await letter({
      ...base,
      kind: 'subscription',
      items: ['Подписка на 3\u00a0месяца для двоих детей'],
      children: ['Маша', 'Петя'],
      until: '24 февраля 2027',
    });
    expect(mail.subject).toBe('Оплата прошла — заказ №\u00a0P5-0123456789ab');
    expect(mail.text).toContain('Спасибо! Подписка оплачена — уроки открыты до 24 февраля 2027.');
    expect(mail.text).toContain('Покупка: Подписка на 3\u00a0месяца для двоих детей');
    expect(mail.text).toContain('Дети: Маша, Петя');
    expect(mail.text).toContain('Действует: до 24 февраля 2027');
    expect(mail.text).toContain('Сумма: 1\u00a0490\u00a0₽');
    expect(mail.text).toContain('Заказ: №\u00a0P5-0123456789ab');
    expect(mail.html).toContain('Маша, Петя');
    expect(mail.headers).toEqual({});
  });

  it('counts weeks with the right plural and says what goes back', async () => {
    const mail = await letter({
      ...base,
      kind: 'weeks',
      items: ['Неделя 3 программы «Осень»', 'Неделя 4 программы «Осень»'],
      children: ['Соня'],
      until: null,
      returned: '149\u00a0₽',
    });
    expect(mail.text).toContain('Открыты пропущенные недели (2\u00a0недели)');
    expect(mail.text).toContain('Покупки: Неделя 3 программы «Осень»; Неделя 4 программы «Осень»');
    expect(mail.text).toContain('Ребёнок: Соня');
    expect(mail.text).toContain('Действует: без срока');
    expect(mail.text).toContain('149\u00a0₽ вернём на карту');
  });
});

describe('the lesson reminder', () => {
  it('names the child as the subject of the sentence, not in quotes after «У ребёнка»', async () => {
    const mail = await renderMail(
      {
        template: 'lesson-reminder',
        to,
        data: {
          name: 'Анна',
          child: 'Маша',
          week: 3,
          category: 'Напоминания о занятиях',
          unsubscribe_url: 'https://umnyashki.example/unsubscribe?token=t',
        },
      },
      config,
    );
    expect(mail.text).toContain(
      'Маша может смотреть новые уроки: открылась неделя\u00a03 программы.',
    );
    expect(mail.text).not.toContain('«Маша»');
  });
});
