// The sandbox providers' consent screen: who asks, which test person, what is shared, «Разрешить» /
// «Отмена». A form posting back to the sandbox, which then redirects to the school like the real ones.
import { html, htmlPage, type Html, type PageTheme } from '../../integrations/oauth/html';
import { TEST_PEOPLE, avatarPath } from './people';

export interface ProviderLook {
  /** «VK ID», «Facebook». */
  title: string;
  /** Short mark in the logo square. */
  mark: string;
  theme: PageTheme;
}

export const VK_LOOK: ProviderLook = {
  title: 'VK ID',
  mark: 'VK',
  theme: { accent: '#0077ff', background: '#edeef0' },
};

export const FB_LOOK: ProviderLook = {
  title: 'Facebook',
  mark: 'f',
  theme: { accent: '#1877f2', background: '#f0f2f5' },
};

/** The school as the client application the parent is asked about. */
export const CLIENT_NAME = 'Школа Умняшек';

export function consentPage(options: {
  look: ProviderLook;
  /** Where the form posts (the same authorize address). */
  action: string;
  /** The authorize request, carried through the form unchanged. */
  params: Record<string, string>;
  wantsEmail: boolean;
}): string {
  const { look, params } = options;
  const hidden = Object.entries(params).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  );
  const people = TEST_PEOPLE.map(
    (person, i) =>
      html`<label class="person">
        <input type="radio" name="person" value="${person.key}" ${i === 0 ? html`checked` : ''} />
        <img class="avatar" src="${avatarPath(person)}" alt="" width="44" height="44" />
        <span class="who"
          ><b>${person.firstName} ${person.lastName}</b>
          <span>${person.email ?? 'почта не указана'}</span></span
        >
      </label>`,
  );
  const scopes: Html[] = [html`<li>имя и фотография профиля</li>`];
  if (options.wantsEmail) scopes.push(html`<li>адрес электронной почты (если он указан)</li>`);
  return htmlPage({
    title: `${look.title} — вход в «${CLIENT_NAME}»`,
    theme: look.theme,
    body: html`<div class="brand">
        <span class="logo" aria-hidden="true">${look.mark}</span>${look.title}
      </div>
      <p class="note">
        Песочница для демонстрации: настоящий ${look.title} не используется, люди тестовые.
      </p>
      <h1>«${CLIENT_NAME}» просит доступ к вашему аккаунту</h1>
      <form method="post" action="${options.action}">
        ${hidden}
        <fieldset class="people">
          <legend>Войти как</legend>
          ${people}
        </fieldset>
        <p>Приложение получит:</p>
        <ul class="scopes">
          ${scopes}
        </ul>
        <div class="actions">
          <button class="allow" type="submit" name="decision" value="allow">Разрешить</button>
          <button class="cancel" type="submit" name="decision" value="cancel">Отмена</button>
        </div>
      </form>`,
  });
}

/** A request the sandbox cannot send back anywhere (unknown client, foreign redirect address). */
export function errorPage(look: ProviderLook, message: string): string {
  return htmlPage({
    title: `${look.title} — ошибка`,
    theme: look.theme,
    body: html`<div class="brand">
        <span class="logo" aria-hidden="true">${look.mark}</span>${look.title}
      </div>
      <h1>Не получилось открыть вход</h1>
      <p>${message}</p>
      <p class="muted">Это страница песочницы: запрос пришёл с неверными параметрами.</p>`,
  });
}

/** The page's own CSP: the form may post here and the redirect may go to the school's origin. */
export function consentCsp(redirectOrigin: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action 'self' ${redirectOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}
