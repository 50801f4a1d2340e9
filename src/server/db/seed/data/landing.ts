import { computeBenefit } from '@contract/benefit';
import { formatPrice } from '@contract/money';
import type { SeedLanding } from './types';
import { company } from './company';
import { tariffs } from './tariffs';
import { html, typo } from './typography';

// One footer for every page: who runs the school (demo details), how to reach support, the documents.
const footerHtml = html`<p>© Школа Умняшек — развивающие видеоуроки для детей от 2 до 7 лет.</p>
  <p>
    ${company.shortName}, ИНН ${company.inn}, ОГРН ${company.ogrn} (реквизиты демонстрационные).
  </p>
  <p>
    Поддержка: <a href="mailto:${company.email}">${company.email}</a>,
    <a href="${company.phoneHref}">${company.phone}</a> (${company.supportHours}; номер
    демонстрационный).
  </p>
  <p>
    <a href="/documents/confidentiality-policy">Политика конфиденциальности</a> ·
    <a href="/documents/license-agreement">Лицензионный договор-оферта</a>
  </p>`;

const PROMO_VIDEO = '/media/promo.webm';
const PROMO_POSTER = '/media/promo-poster.svg';
function oneChildPrice(months: number): number {
  const tariff = tariffs.find(
    (t) => t.kind === 'subscription' && t.amount_children === 1 && t.duration === months,
  );
  if (!tariff) throw new Error(`No ${months}-month tariff for one child`);
  return tariff.price;
}

// The offer block advertises the best benefit of the catalogue: two years against paying monthly.
const LONGEST = 24;
const BEST_BENEFIT_PERCENT = computeBenefit(
  oneChildPrice(1),
  LONGEST,
  oneChildPrice(LONGEST),
).percents;
const LONGEST_PER_MONTH = formatPrice(oneChildPrice(LONGEST) / LONGEST);

export const landing: SeedLanding[] = [
  {
    key: 'landing',
    banner_text: typo('Весёлые видеоуроки для детей от 2 до 7 лет'),
    banner_description: typo(
      'Короткие занятия по 10–15 минут: счёт, речь, логика, окружающий мир и творчество. Каждую неделю открываются новые уроки по возрасту ребёнка, а первая неделя — бесплатно.',
    ),
    video_heading: typo('Посмотрите, как проходит урок'),
    video_link: PROMO_VIDEO,
    video_poster: PROMO_POSTER,
    promo_button: 'Попробовать бесплатно',
    promo_text: typo(
      '7 дней бесплатно и без банковской карты. Понравится — выберите подписку, а если нет, пробная неделя просто закончится: мы ничего не спишем.',
    ),
    special_text: typo(
      `Подписка на 2 года — выгода ${BEST_BENEFIT_PERCENT} % по сравнению с помесячной оплатой: всего ${LONGEST_PER_MONTH} в месяц.`,
    ),
    offer_percent: BEST_BENEFIT_PERCENT,
    key_values: { footer_html: footerHtml },
  },
  {
    key: 'payment',
    banner_text: 'Оплата подписки',
    banner_description: typo(
      'Оплата банковской картой на защищённой странице Сбербанка. Банк может попросить подтвердить платёж кодом из СМС — это технология 3-D Secure, она защищает вашу карту. Данные карты вводятся только на странице банка: мы их не видим и не храним. Кассовый чек придёт на вашу электронную почту.',
    ),
    video_heading: typo('Что будет после оплаты'),
    video_link: PROMO_VIDEO,
    video_poster: PROMO_POSTER,
    promo_button: 'Перейти к оплате',
    promo_text: typo(
      'Уроки откроются сразу, как только банк подтвердит платёж. Обычно это занимает не больше минуты.',
    ),
    special_text: typo(
      'Автопродление подключается только с вашего отдельного согласия. Отключить его можно в личном кабинете одной кнопкой — без звонков и писем.',
    ),
    offer_percent: BEST_BENEFIT_PERCENT,
    key_values: { footer_html: footerHtml },
  },
];
