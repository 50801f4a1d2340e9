// /sandbox/sberbank opened directly: what the sandbox bank stands in for, how the school opens it, the
// test cards and the way back — instead of a 404.
import type { Config } from '../../config';
import { html, htmlPage } from '../../integrations/oauth/html';
import { TEST_CVC, THREE_DS_CODE } from './cards';
import { SBER_THEME, testCardList } from './payment-page';

export function sberbankSandboxPage(config: Pick<Config, 'publicUrl'>): string {
  return htmlPage({
    title: 'Песочница Сбербанка — «Школа Умняшек»',
    theme: SBER_THEME,
    style: `.cards { padding-left: 20px; font-size: 15px; } .cards b { white-space: nowrap; }`,
    body: html`<div class="brand"><span class="logo" aria-hidden="true">С</span>Сбербанк</div>
      <p class="note">
        Песочница демо-режима: настоящий банк не используется, деньги не списываются.
      </p>
      <h1>Это песочница оплаты через Сбербанк</h1>
      <p>
        Она стоит на месте интернет-эквайринга Сбербанка и отвечает школе так же, как настоящий
        банк: регистрирует заказы, показывает страницу оплаты картой, сохраняет карты для
        автоплатежей, делает возвраты и присылает школе уведомления о платежах.
      </p>
      <p>
        Школа открывает её сама: выберите подписку и нажмите «Оплатить». Открытая напрямую, страница
        оплаты не работает — ей нужен заказ, который зарегистрировала школа.
      </p>
      <p><b>Тестовые карты</b></p>
      <p class="muted">
        Срок действия — любой будущий, CVC — ${TEST_CVC}, код 3-D Secure — ${THREE_DS_CODE}. Другие
        номера песочница не принимает.
      </p>
      ${testCardList()}
      <p><a href="/sandbox">Все песочницы</a></p>
      <p><a href="${config.publicUrl}/">Вернуться в «Школу Умняшек»</a></p>`,
  });
}
