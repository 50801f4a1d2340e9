// The data-deletion status page Facebook links people to (src/server/integrations/oauth/README.md: "a page a person can read").
// Server-rendered HTML outside /api: it must open without the SPA, from any browser, for Facebook's
// reviewers too, and /api answers JSON only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMoscowDateTime } from '@contract/moscow-date';
import type { ModuleDeps } from '../../deps';
import { html, htmlPage } from '../../integrations/oauth/html';
import { findFbDeletionRequest } from './fb-deletion';

const brand = html`<div class="brand">
  <span class="logo" aria-hidden="true">У</span>Школа Умняшек
</div>`;

export function deletionStatusHtml(
  code: string,
  request: { createdAt: Date } | null,
  supportEmail: string,
): string {
  if (!request) {
    return htmlPage({
      title: 'Запрос не найден — Школа Умняшек',
      body: html`${brand}
        <h1>Запрос на удаление не найден</h1>
        <p>Проверьте код подтверждения: <b>${code}</b>.</p>
        <p class="muted">
          Если вопрос остался, напишите нам: <a href="mailto:${supportEmail}">${supportEmail}</a>.
        </p>`,
    });
  }
  return htmlPage({
    title: 'Данные удалены — Школа Умняшек',
    body: html`${brand}
      <h1>Данные из Facebook удалены</h1>
      <p>
        Мы получили ваш запрос через Facebook и удалили связь вашего аккаунта Facebook со Школой
        Умняшек: идентификатор, имя и адрес почты, полученные от Facebook.
      </p>
      <p>
        Если аккаунт в школе был создан входом через Facebook и войти в него иначе было нельзя — ни
        пароля, ни другой социальной сети, — удалён весь аккаунт со всеми данными, в том числе о
        детях и их занятиях.
      </p>
      <p>
        Иначе аккаунт сохраняется: из профиля удалены имя и фамилия, полученные от Facebook, если вы
        их не меняли. Адрес почты аккаунта остаётся, даже если пришёл из Facebook: это ваш адрес для
        входа и для писем школы.
      </p>
      <dl>
        <dt>Код подтверждения</dt>
        <dd>${code}</dd>
        <dt>Статус</dt>
        <dd>Выполнено</dd>
        <dt>Дата</dt>
        <dd>${formatMoscowDateTime(request.createdAt, { zone: true })}</dd>
      </dl>
      <p class="muted">
        Чтобы удалить сохранившийся аккаунт целиком, откройте «Личный кабинет → Профиль» или
        напишите нам:
        <a href="mailto:${supportEmail}">${supportEmail}</a>.
      </p>`,
  });
}

export function oauthPages(deps: Pick<ModuleDeps, 'db' | 'config'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/data-deletion/:code',
      {
        schema: {
          tags: ['auth'],
          summary: 'Страница статуса удаления данных Facebook (HTML)',
          params: z.object({ code: z.string().max(64) }),
        },
      },
      async (request, reply) => {
        const code = request.params.code.toUpperCase();
        const found = await findFbDeletionRequest({ db: deps.db, code });
        return reply
          .status(found ? 200 : 404)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(deletionStatusHtml(code, found, deps.config.supportEmail));
      },
    );
  };
}
