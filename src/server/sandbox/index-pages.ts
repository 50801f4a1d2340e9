// What a sandbox says about itself when someone opens its address directly: /sandbox (the list),
// /sandbox/oauth, /sandbox/oauth/vk and /sandbox/oauth/fb (/sandbox/sberbank: sberbank/about-page.ts).
// Small Russian pages instead of a JSON 404: what the sandbox stands in for, how the school opens it, the
// test people or cards, the way back.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../config';
import { html, htmlPage, type Html } from '../integrations/oauth/html';
import { FB_LOOK, VK_LOOK, type ProviderLook } from './oauth/consent-page';
import { TEST_PEOPLE, avatarPath } from './oauth/people';
import { testCardList } from './sberbank/payment-page';

type Network = 'vk' | 'fb';

const LOOKS: Record<Network, ProviderLook & { button: string; where: string }> = {
  vk: { ...VK_LOOK, button: 'Войти через VK ID', where: 'VK ID' },
  fb: { ...FB_LOOK, button: 'Войти через Facebook', where: 'Facebook' },
};

/** Plain pages with inline styles only: nothing to load, nothing to run. */
export const INDEX_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function sendPage(reply: FastifyReply, page: string): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', INDEX_CSP)
    .send(page);
}

function backToSchool(config: Pick<Config, 'publicUrl'>): Html {
  return html`<p><a href="${config.publicUrl}/">Вернуться в «Школу Умняшек»</a></p>`;
}

function people(): Html[] {
  return TEST_PEOPLE.map(
    (person) =>
      html`<li class="person">
        <img class="avatar" src="${avatarPath(person)}" alt="" width="44" height="44" />
        <span class="who"
          ><b>${person.firstName} ${person.lastName}</b>
          <span>${person.email ?? 'почта не указана: так проверяется вход без почты'}</span></span
        >
      </li>`,
  );
}

export function providerPage(network: Network, config: Pick<Config, 'publicUrl'>): string {
  const look = LOOKS[network];
  return htmlPage({
    title: `Песочница ${look.title} — «Школа Умняшек»`,
    theme: look.theme,
    body: html`<div class="brand">
        <span class="logo" aria-hidden="true">${look.mark}</span>${look.title}
      </div>
      <p class="note">Песочница демо-режима: настоящий ${look.where} здесь не используется.</p>
      <h1>Это песочница входа через ${look.where}</h1>
      <p>
        Она стоит на месте настоящего ${look.where}, чтобы вход через соцсеть можно было попробовать
        без аккаунта и без интернета. Школа открывает её сама: нажмите «${look.button}» в окне входа
        или регистрации. Здесь вы выберете тестового человека и разрешите доступ, а песочница вернёт
        вас в школу — так же, как настоящий ${look.where}.
      </p>
      <p class="muted">
        Открытая напрямую, страница входа не работает: ей нужен запрос от школы с адресом возврата.
      </p>
      <p><b>Тестовые люди</b></p>
      <ul class="people">
        ${people()}
      </ul>
      <p class="muted">
        Откройте школу по адресу из строки запуска (${config.publicUrl}): вход привязан к браузеру
        через cookie, а cookie принадлежит одному адресу.
      </p>
      ${backToSchool(config)}`,
  });
}

export function sandboxListPage(
  config: Pick<Config, 'publicUrl'> & { fb: Pick<Config['fb'], 'enabled'> },
): string {
  const items: Html[] = [
    html`<li>
      <a href="/sandbox/mail">Почта</a> — все письма, которые отправляет школа: подтверждение
      адреса, сброс пароля. Ссылки в письмах работают.
    </li>`,
    html`<li><a href="/sandbox/oauth/vk">VK ID</a> — вход через VK с тестовыми людьми.</li>`,
    html`<li>
      <a href="/sandbox/sberbank">Сбербанк</a> — оплата картой без банка: тестовые карты, 3-D
      Secure, отказ и зависший платёж. ${testCardList()}
    </li>`,
  ];
  if (config.fb.enabled) {
    items.push(
      html`<li>
        <a href="/sandbox/oauth/fb">Facebook</a> — вход через Facebook с теми же тестовыми людьми.
      </li>`,
    );
  }
  return htmlPage({
    title: 'Песочницы — «Школа Умняшек»',
    body: html`<div class="brand"><span class="logo" aria-hidden="true">У</span>Школа Умняшек</div>
      <p class="note">
        Демо-режим: всё ниже работает только на этой машине, внешние сервисы не нужны.
      </p>
      <h1>Песочницы</h1>
      <p>
        Вместо внешних сервисов демо-режим школы использует песочницы: они отвечают так же, как
        настоящие, но ничего не отправляют наружу.
      </p>
      <ul class="scopes">
        ${items}
      </ul>
      ${backToSchool(config)}`,
  });
}

/** `/sandbox`: the list. Register with the prefix '/sandbox', only when config.sandboxes. */
export function sandboxIndex(deps: {
  config: Pick<Config, 'publicUrl'> & { fb: Pick<Config['fb'], 'enabled'> };
}): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    app.get('/', async (_request, reply) => sendPage(reply, sandboxListPage(deps.config)));
  };
}
