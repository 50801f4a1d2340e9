// The journeys' browser: system Chromium (scripts/chromium.ts, shared with the bench and Lighthouse), pages at a
// phone's and a desktop's width, the demo parent's login.
import type { Browser, BrowserContext, Page } from 'playwright-core';

export { CHROMIUM_ARGS, launchBrowser, launchProfile } from '../../scripts/chromium';

export interface Viewport {
  width: number;
  height: number;
}

export const MOBILE: Viewport = { width: 375, height: 812 };
export const DESKTOP: Viewport = { width: 1280, height: 900 };

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = DESKTOP,
  worker = false,
): Promise<{ context: BrowserContext; page: Page }> {
  // The service worker only where a journey is about it (e2e/pwa.e2e.ts): installed in every fresh context,
  // it fetched the school's ~260 files each time and made the journeys several times slower.
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'ru-RU',
    serviceWorkers: worker ? 'allow' : 'block',
  });
  const page = await context.newPage();
  return { context, page };
}

/** The demo parent's login token, from the API (the login is rate-limited: reuse it across pages). */
export async function demoParentToken(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@umnyashki.ru', password: 'umnyashki-demo' }),
  });
  if (!res.ok) throw new Error(`Demo login failed: ${res.status}`);
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

/** Stores a login token the way the SPA does, before any page of the context loads. */
export async function storeToken(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((stored: string) => {
    window.localStorage.setItem('user-token', stored);
  }, token);
}

/** Logs the demo parent in through the API and stores the token the way the SPA does. */
export async function loginAsDemoParent(context: BrowserContext, baseURL: string): Promise<string> {
  const token = await demoParentToken(baseURL);
  await storeToken(context, token);
  return token;
}

/**
 * Runs a journey in a fresh browser context (its own storage and cookies) and always closes it.
 * `asParent` logs the demo parent in first; `worker` lets the service worker install.
 */
export async function withPage(
  browser: Browser,
  baseURL: string,
  journey: (page: Page, context: BrowserContext) => Promise<void>,
  {
    viewport = DESKTOP,
    asParent = false,
    worker = false,
  }: { viewport?: Viewport; asParent?: boolean; worker?: boolean } = {},
): Promise<void> {
  const { context, page } = await newPage(browser, baseURL, viewport, worker);
  try {
    if (asParent) await loginAsDemoParent(context, baseURL);
    await journey(page, context);
  } catch (error) {
    // CI keeps only the log: the page's address and words say where the journey stood when it failed.
    const seen = await page
      .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 1500))
      .catch(() => '(the page could not be read)');
    console.error(`The journey failed at ${page.url()}; the page showed: ${seen}`);
    throw error;
  } finally {
    await context.close();
  }
}

/**
 * A server-rendered page loads the app at the visitor's first interaction: a mouse movement starts it, and
 * this waits until the app holds the page (hydrated), as it does a moment after a parent starts reading.
 */
export async function startApp(page: Page): Promise<void> {
  await page.mouse.move(2, 2);
  await page.mouse.move(4, 4);
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached', timeout: 20_000 });
}

/** The login modal as a parent on a phone opens it: the header's «Войти» is behind the burger. */
export async function openPhoneLogin(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await page.getByRole('button', { name: 'Войти', exact: true }).filter({ visible: true }).click();
  await page.getByRole('dialog', { name: 'Вход в личный кабинет' }).waitFor();
}
