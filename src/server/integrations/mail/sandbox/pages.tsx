// The outbox's HTML pages. Plain server-rendered HTML with no scripts; the mail itself is shown in a
// sandboxed iframe (srcdoc), so its markup can neither run code nor reach this page.
import { displayEmail } from '@contract/email';
import { formatMoscowDateTime } from '@contract/moscow-date';
import { pluralize } from '@contract/plural';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { mailLinks, type OutboxMessage } from './outbox';

export const SANDBOX_MAIL_PATH = '/sandbox/mail';

const LETTERS = { one: 'письмо', few: 'письма', many: 'писем' };

const CSS = `
*{box-sizing:border-box}
body{margin:0;background:#f6f4fc;color:#2b2350;font:16px/1.5 'Segoe UI',Roboto,Helvetica,Arial,sans-serif}
a{color:#5235d4}
.top{background:#6c4cf1;color:#fff;padding:14px 20px}
.top a{color:#fff;text-decoration:none;font-weight:700}
.top span{opacity:.8;font-size:14px;margin-left:8px}
main{max-width:1040px;margin:0 auto;padding:20px 16px 48px}
h1{font-size:26px;line-height:1.25;margin:8px 0 6px;overflow-wrap:anywhere}
h2{font-size:18px;margin:28px 0 10px}
.lead{color:#6b6489;margin:0 0 18px}
form{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 18px}
input{flex:1 1 240px;min-width:0;font:inherit;padding:10px 14px;border:1px solid #d9d3ef;border-radius:12px;background:#fff}
button{font:inherit;font-weight:700;padding:10px 20px;border:0;border-radius:12px;background:#6c4cf1;color:#fff;cursor:pointer}
.reset{align-self:center;margin-left:4px}
ul.mails{list-style:none;margin:0;padding:0;display:grid;gap:10px}
ul.mails a{display:block;background:#fff;border:1px solid #e6e2f3;border-radius:14px;padding:12px 16px;text-decoration:none;color:inherit}
ul.mails a:hover,ul.mails a:focus-visible{border-color:#6c4cf1;outline:none}
.subject{display:block;font-weight:700;overflow-wrap:anywhere}
.meta{display:block;color:#6b6489;font-size:14px;overflow-wrap:anywhere}
.tag{display:inline-block;background:#efeaff;color:#5235d4;border-radius:999px;padding:0 8px;font-size:13px;margin-left:6px}
.empty{background:#fff;border:1px dashed #d9d3ef;border-radius:14px;padding:24px;color:#6b6489}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 14px;margin:12px 0 0;background:#fff;border:1px solid #e6e2f3;border-radius:14px;padding:14px 16px}
dt{color:#6b6489}
dd{margin:0;overflow-wrap:anywhere}
ol.links{margin:0;padding-left:22px}
ol.links li{margin:0 0 8px;overflow-wrap:anywhere}
ol.links small{display:block;color:#6b6489}
iframe{display:block;width:100%;height:900px;border:1px solid #e6e2f3;border-radius:14px;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #e6e2f3;border-radius:14px;padding:14px 16px;margin:0;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace}
@media (max-width:575px){h1{font-size:22px}dl{grid-template-columns:1fr}dt{margin-top:6px}iframe{height:1100px}}
`;

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} — песочница почты`}</title>
        {/* A constant of ours: set as-is so React does not escape the quotes in it. */}
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <header className="top">
          <a href={SANDBOX_MAIL_PATH}>Школа Умняшек · почта</a>
          <span>песочница, не для продакшна</span>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}

const documentOf = (page: ReactNode) => `<!doctype html>${renderToStaticMarkup(page)}`;

export function outboxListPage(messages: OutboxMessage[], filter: { to: string }): string {
  return documentOf(
    <Page title="Входящие">
      <h1>Почтовый ящик песочницы</h1>
      <p className="lead">
        Письма, которые школа отправила бы по SMTP. Без SMTP_URL они попадают сюда; в продакшне этой
        страницы нет.
      </p>
      <form method="get" action={SANDBOX_MAIL_PATH}>
        <input
          type="text"
          inputMode="email"
          name="to"
          defaultValue={filter.to}
          placeholder="Адрес получателя"
          aria-label="Адрес получателя"
        />
        <button type="submit">Найти</button>
        {filter.to ? (
          <a className="reset" href={SANDBOX_MAIL_PATH}>
            Показать все
          </a>
        ) : null}
      </form>
      {messages.length === 0 ? (
        <p className="empty">
          {filter.to
            ? `Для ${filter.to} писем нет.`
            : 'Писем пока нет. Зарегистрируйтесь на сайте — письмо с подтверждением адреса появится здесь через секунду-другую.'}
        </p>
      ) : (
        <>
          <p className="lead">
            {filter.to ? `Для ${filter.to}: ` : ''}
            {pluralize(messages.length, LETTERS)}, новые сверху.
          </p>
          <ul className="mails">
            {messages.map((message) => (
              <li key={message.id}>
                <a href={`${SANDBOX_MAIL_PATH}/${message.id}`}>
                  <span className="subject">
                    {message.subject}
                    <span className="tag">{message.template}</span>
                  </span>
                  <span className="meta">
                    Кому: {displayEmail(message.to)} ·{' '}
                    {formatMoscowDateTime(message.createdAt, { seconds: true, zone: true })}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>,
  );
}

/**
 * A link without a target opens in the whole tab, not inside the frame; the templates' links carry
 * target="_blank" and open a new tab, as in a webmail client.
 */
function withTopTarget(html: string): string {
  const base = '<base target="_top">';
  return /<head\b[^>]*>/i.test(html)
    ? html.replace(/<head\b[^>]*>/i, (head) => head + base)
    : base + html;
}

export function outboxMessagePage(message: OutboxMessage): string {
  const links = mailLinks(message.html);
  const headers = Object.entries(message.headers);
  return documentOf(
    <Page title={message.subject}>
      <a href={SANDBOX_MAIL_PATH}>← Все письма</a>
      <h1>{message.subject}</h1>
      <dl>
        <dt>От</dt>
        <dd>{message.from}</dd>
        <dt>Кому</dt>
        <dd>{displayEmail(message.to)}</dd>
        <dt>Отправлено</dt>
        <dd>{formatMoscowDateTime(message.createdAt, { seconds: true, zone: true })}</dd>
        <dt>Шаблон</dt>
        <dd>{message.template}</dd>
        {headers.map(([name, value]) => (
          <HeaderRow key={name} name={name} value={value} />
        ))}
      </dl>

      <h2>Ссылки в письме</h2>
      {links.length === 0 ? (
        <p className="lead">В письме нет ссылок.</p>
      ) : (
        <ol className="links">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.href}</a>
              {link.text && link.text !== link.href ? <small>{link.text}</small> : null}
            </li>
          ))}
        </ol>
      )}

      <h2>Как письмо выглядит</h2>
      <p className="lead">
        <a href={`${SANDBOX_MAIL_PATH}/${message.id}/html`}>Открыть письмо отдельно</a> — как на
        экране телефона или в почтовой программе.
      </p>
      <iframe
        title="HTML-версия письма"
        srcDoc={withTopTarget(message.html)}
        sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
        referrerPolicy="no-referrer"
      />

      <h2>Текстовая версия</h2>
      <pre>{message.text}</pre>
    </Page>,
  );
}

function HeaderRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{value}</dd>
    </>
  );
}

export function outboxNotFoundPage(): string {
  return documentOf(
    <Page title="Письмо не найдено">
      <a href={SANDBOX_MAIL_PATH}>← Все письма</a>
      <h1>Письмо не найдено</h1>
      <p className="lead">Возможно, базу очистили или ссылка неполная.</p>
    </Page>,
  );
}

/** The list page's answer to a filter it cannot use (a repeated, over-long or NUL-carrying `to`). */
export function outboxBadFilterPage(reason: string): string {
  return documentOf(
    <Page title="Неверный фильтр">
      <a href={SANDBOX_MAIL_PATH}>← Все письма</a>
      <h1>Не получилось найти письма</h1>
      <p className="lead">Адрес получателя в запросе не подходит: {reason}</p>
    </Page>,
  );
}
