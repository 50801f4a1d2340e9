// The sandbox bank's pages, server-rendered in Russian with inline styles only: the card form of formUrl,
// the 3-D Secure code page, and the short pages for an order that can no longer be paid. Everything
// interpolated is escaped by `html`.
import { html, htmlPage, type Html, type PageTheme } from '../../integrations/oauth/html';
import { TEST_CARDS, TEST_CVC, THREE_DS_CODE, spacedPan, type CardField } from './cards';
import { ACS_PATH, PAYMENT_PAGE_PATH } from './paths';
import type { GatewayOrder } from './store';

export const SBER_THEME: PageTheme = { accent: '#1a8a33', background: '#f2f5f4' };

/** The merchant the payer is paying, as the bank's page names it. */
export const MERCHANT = 'Школа Умняшек';

const STYLE = `
  .summary { background: #f4f7f5; border-radius: 16px; padding: 14px 16px 4px; margin: 0 0 20px; }
  .amount { font-size: 26px; font-weight: 800; white-space: nowrap; }
  .field { display: block; margin: 0 0 14px; font-weight: 700; font-size: 15px; }
  .field input { display: block; width: 100%; margin-top: 6px; font: inherit; font-weight: 400;
    font-size: 17px; padding: 11px 14px; border: 2px solid var(--line); border-radius: 12px;
    background: #fff; color: var(--ink); }
  .field input:focus-visible { outline: 3px solid #ffc93c; outline-offset: 1px; }
  .field input[aria-invalid="true"] { border-color: #c62828; }
  .row { display: flex; gap: 12px; }
  .row .field { flex: 1 1 0; min-width: 0; }
  .error { background: #fdecea; color: #a1231b; border-radius: 12px; padding: 10px 14px;
    margin: 0 0 16px; font-size: 15px; }
  .cards { margin: 0 0 16px; padding-left: 20px; font-size: 14px; color: var(--muted); }
  .cards b { color: var(--ink); white-space: nowrap; }
  .tests { margin-top: 24px; border-top: 1px solid var(--line); padding-top: 16px; }
  .actions a.button { display: inline-flex; align-items: center; justify-content: center;
    text-decoration: none; font-weight: 700; border-radius: 999px; padding: 12px 24px; min-height: 48px;
    background: var(--accent); color: #fff; flex: 1 1 140px; }
`;

/** «1 990,00 ₽»: groups of thousands and the sign kept on one line by non-breaking spaces. */
export function formatRoubles(kopecks: number): string {
  const roubles = String(Math.floor(kopecks / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${roubles},${String(kopecks % 100).padStart(2, '0')}\u00a0₽`;
}

function page(title: string, body: Html): string {
  return htmlPage({
    title: `${title} — Сбербанк, песочница`,
    theme: SBER_THEME,
    style: STYLE,
    body: html`<div class="brand"><span class="logo" aria-hidden="true">С</span>Сбербанк</div>
      <p class="note">
        Песочница демо-режима: настоящий банк не используется, деньги не списываются.
      </p>
      ${body}`,
  });
}

function summary(order: GatewayOrder): Html {
  return html`<dl class="summary">
    <dt>Магазин</dt>
    <dd>${MERCHANT}</dd>
    <dt>Заказ</dt>
    <dd>№&nbsp;${order.orderNumber}</dd>
    ${
      order.description
        ? html`<dt>Описание</dt>
            <dd>${order.description}</dd>`
        : ''
    }
    <dt>Сумма</dt>
    <dd class="amount">${formatRoubles(order.amount)}</dd>
  </dl>`;
}

export function testCardList(): Html {
  return html`<ul class="cards">
    ${TEST_CARDS.map((card) => html`<li><b>${spacedPan(card.pan)}</b> — ${card.outcome}</li>`)}
  </ul>`;
}

export interface CardFormState {
  /** What the payer typed, shown again after an error (never the CVC). */
  values?: { pan?: string; expiry?: string; cardholder?: string };
  error?: { field: CardField; message: string };
}

function input(
  options: {
    name: CardField;
    label: string;
    value?: string;
    attrs: Html;
  },
  state: CardFormState,
): Html {
  const invalid = state.error?.field === options.name;
  return html`<label class="field"
    >${options.label}
    <input
      name="${options.name}"
      value="${options.value ?? ''}"
      ${options.attrs}
      ${invalid ? html`aria-invalid="true" aria-describedby="card-error"` : ''}
  /></label>`;
}

/** The card form (formUrl). `base` is the sandbox's absolute address. */
export function paymentPage(base: string, order: GatewayOrder, state: CardFormState = {}): string {
  const values = state.values ?? {};
  return page(
    'Оплата заказа',
    html`<h1>Оплата заказа</h1>
      ${summary(order)}
      ${
        state.error
          ? html`<p class="error" id="card-error" role="alert">${state.error.message}</p>`
          : ''
      }
      <form method="post" action="${base}${PAYMENT_PAGE_PATH}">
        <input type="hidden" name="mdOrder" value="${order.orderId}" />
        ${input(
          {
            name: 'pan',
            label: 'Номер карты',
            value: values.pan,
            attrs: html`inputmode="numeric" autocomplete="cc-number" maxlength="23"
            placeholder="0000 0000 0000 0000" required`,
          },
          state,
        )}
        <div class="row">
          ${input(
            {
              name: 'expiry',
              label: 'Срок действия',
              value: values.expiry,
              attrs: html`inputmode="numeric" autocomplete="cc-exp" maxlength="7"
              placeholder="ММ/ГГ" required`,
            },
            state,
          )}
          ${input(
            {
              name: 'cvc',
              label: 'CVC',
              attrs: html`type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4"
              placeholder="123" required`,
            },
            state,
          )}
        </div>
        ${input(
          {
            name: 'cardholder',
            label: 'Имя держателя карты',
            value: values.cardholder,
            attrs: html`autocomplete="cc-name" maxlength="64" placeholder="IVAN IVANOV"`,
          },
          state,
        )}
        <div class="actions">
          <button class="allow" type="submit" name="action" value="pay">
            Оплатить ${formatRoubles(order.amount)}
          </button>
          <button class="cancel" type="submit" name="action" value="cancel" formnovalidate>
            Отменить
          </button>
        </div>
      </form>
      <div class="tests">
        <p><b>Тестовые карты</b></p>
        <p class="muted">Срок действия — любой будущий, CVC — ${TEST_CVC}.</p>
        ${testCardList()}
      </div>`,
  );
}

/** The issuer's 3-D Secure page (acsUrl). */
export function threeDsPage(base: string, order: GatewayOrder, wrongFormat = false): string {
  return page(
    'Подтверждение платежа',
    html`<h1>Подтверждение платежа</h1>
      <p>Банк, выпустивший карту ${order.maskedPan ?? ''}, просит подтвердить оплату.</p>
      ${summary(order)}
      ${
        wrongFormat
          ? html`<p class="error" id="code-error" role="alert">Код — 8 цифр из СМС.</p>`
          : ''
      }
      <form method="post" action="${base}${ACS_PATH}">
        <input type="hidden" name="mdOrder" value="${order.orderId}" />
        <label class="field"
          >Код из СМС
          <input
            name="code"
            inputmode="numeric"
            autocomplete="one-time-code"
            maxlength="8"
            required
            ${wrongFormat ? html`aria-invalid="true" aria-describedby="code-error"` : ''}
        /></label>
        <p class="muted">
          В песочнице СМС не приходит: код — ${THREE_DS_CODE}. Другой код отклонит платёж.
        </p>
        <div class="actions">
          <button class="allow" type="submit" name="action" value="confirm">Подтвердить</button>
          <button class="cancel" type="submit" name="action" value="cancel" formnovalidate>
            Отменить
          </button>
        </div>
      </form>`,
  );
}

/** An order the page cannot take a card for any more, with the way back to the shop. */
export function orderStatePage(options: {
  order: GatewayOrder;
  title: string;
  text: string;
  backUrl: string;
}): string {
  return page(
    options.title,
    html`<h1>${options.title}</h1>
      <p>${options.text}</p>
      ${summary(options.order)}
      <div class="actions">
        <a class="button" href="${options.backUrl}">Вернуться в магазин</a>
      </div>`,
  );
}

export function orderNotFoundPage(): string {
  return page(
    'Заказ не найден',
    html`<h1>Заказ не найден</h1>
      <p>Ссылка на оплату неверна или устарела. Вернитесь в магазин и начните оплату заново.</p>`,
  );
}

/** The pages' CSP: the form posts to the sandbox, and its redirect may go to the shop's addresses. */
export function paymentCsp(origins: readonly string[]): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action 'self' ${[...new Set(origins)].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}
