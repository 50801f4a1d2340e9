// Places where a new family took a wrong turn, each at the width where it was seen: the unsubscribe link's
// page on a phone, the «Понравилось?» invitation after a free video, lesson titles on a desktop, the word
// left after deleting the account, and the console of pages whose address only redirects.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, withPage, type Viewport } from './support/browser';
import { registerParent, storeToken } from './support/accounts';
import { campaignToLongCyrillicAddress } from './support/campaign';
import { seriousViolations } from './support/axe';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const pageWidth = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });

/** Whether an element's text is shown whole: not cut by its box, and its box inside `within`'s. */
async function shownWhole(element: Locator, within: Locator): Promise<boolean> {
  const [box, outer] = await Promise.all([element.boundingBox(), within.boundingBox()]);
  const uncut = await element.evaluate((node) => node.scrollWidth <= node.clientWidth);
  if (!box || !outer) return false;
  return (
    uncut &&
    box.x >= outer.x - 0.5 &&
    box.x + box.width <= outer.x + outer.width + 0.5 &&
    box.y + box.height <= outer.y + outer.height + 0.5
  );
}

describe('the unsubscribe link of a campaign letter', () => {
  it('fits a 375 px phone with a long address, shown in Cyrillic as the parent wrote it', async () => {
    const { parent, unsubscribeLink } = await campaignToLongCyrillicAddress(baseUrl);
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto(unsubscribeLink);
        await page.getByText('Вы отписались от рассылки «Новости школы»').waitFor();
        const { scrollWidth, clientWidth } = await pageWidth(page);
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
        const domain = parent.email.slice(parent.email.indexOf('@'));
        const shown = page.locator('[data-email]').first();
        // Masked before «@», the domain as written.
        expect((await shown.textContent()) ?? '').toMatch(new RegExp(`\\*\\*\\*${domain}$`));
        expect(await page.locator('main').textContent()).not.toContain('xn--');
      },
      { viewport: MOBILE },
    );
  });
});

describe('«Понравилось?» after a free video', () => {
  it.each([
    ['1280 px', DESKTOP],
    ['375 px', MOBILE],
  ])('shows «Зарегистрироваться» whole at %s', async (_, viewport: Viewport) => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.mouse.wheel(0, 300);
        await page.getByRole('button', { name: /^Смотреть видео/ }).click();
        await page.waitForFunction(() => {
          const video = document.querySelector('dialog[open] video') as HTMLVideoElement | null;
          return video !== null && video.readyState >= 1 && video.duration > 1;
        });
        // To the last moment, as if watched: the end brings the invitation.
        await page.evaluate(() => {
          const video = document.querySelector('dialog[open] video') as HTMLVideoElement;
          video.muted = true;
          video.currentTime = video.duration - 0.2;
          void video.play();
        });
        const dialog = page.getByRole('dialog', { name: 'Понравилось?' });
        await dialog.waitFor({ timeout: 15_000 });
        expect(await seriousViolations(page), 'axe on «Понравилось?»').toEqual([]);
        for (const name of ['Зарегистрироваться', 'Смотреть ещё раз']) {
          const button = dialog.getByRole('button', { name });
          expect(await shownWhole(button, dialog), name).toBe(true);
        }
        await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
        await page.getByRole('dialog', { name: /Регистрация/ }).waitFor();
      },
      { viewport },
    );
  });
});

describe('lesson titles on a desktop', () => {
  it.each([
    ['1024 px', { width: 1024, height: 800 }],
    ['1280 px', DESKTOP],
  ])('break between words, in lines of even length, at %s', async (_, viewport) => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/programs/main-program/two-three');
        const titles = page.locator('h3[class*="lessonTitle"]');
        await titles.first().waitFor();
        const lines = await titles.evaluateAll((elements) =>
          elements.map((element) => {
            // Each word: the line its first and last letters are on, and where it starts and ends.
            const node = element.firstChild;
            const text = element.textContent ?? '';
            const words: {
              word: string;
              first: number;
              last: number;
              left: number;
              right: number;
            }[] = [];
            if (!node) return { text, words };
            const box = (offset: number) => {
              const range = document.createRange();
              range.setStart(node, offset);
              range.setEnd(node, offset + 1);
              return range.getBoundingClientRect();
            };
            for (const match of text.matchAll(/\S+/g)) {
              const start = box(match.index);
              const end = box(match.index + match[0].length - 1);
              words.push({
                word: match[0],
                first: Math.round(start.top),
                last: Math.round(end.top),
                left: start.left,
                right: end.right,
              });
            }
            return { text, words };
          }),
        );
        expect(lines.length).toBeGreaterThan(0);
        for (const { text, words } of lines) {
          for (const { word, first, last } of words) {
            expect(first, `«${word}» of «${text}» is cut between lines`).toBe(last);
          }
          // Balanced: the last line is no stub beside the longest one.
          const tops = [...new Set(words.map((w) => w.first))];
          const width = (top: number) => {
            const on = words.filter((w) => w.first === top);
            return Math.max(...on.map((w) => w.right)) - Math.min(...on.map((w) => w.left));
          };
          const widths = tops.map(width);
          const lastWidth = width(Math.max(...tops));
          expect(lastWidth, `«${text}» ends in a stub line`).toBeGreaterThanOrEqual(
            0.4 * Math.max(...widths),
          );
        }
      },
      { viewport },
    );
  });
});

describe('deleting the account', () => {
  it('leaves a notice that stays until it is read, saying what was deleted and that no letter comes', async () => {
    const parent = await registerParent(baseUrl, { label: 'deleted' });
    await withPage(
      browser,
      baseUrl,
      async (page, context) => {
        await storeToken(context, parent.token);
        await page.goto('/personal/profile');
        await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
        const confirm = page.getByRole('dialog', { name: 'Удалить аккаунт навсегда?' });
        await confirm.getByLabel('Введите пароль, чтобы подтвердить').fill(parent.password);
        await confirm.getByRole('button', { name: 'Удалить аккаунт' }).click();

        await page.waitForURL((url) => url.pathname === '/');
        const notice = page.getByRole('dialog', { name: 'Аккаунт удалён' });
        await notice.waitFor();
        expect(await notice.textContent()).toContain('Письма об удалении не будет');
        expect(await seriousViolations(page), 'axe on the notice').toEqual([]);
        // Still there once the page has settled: nothing but the parent's click takes it away.
        await page.waitForLoadState('networkidle');
        expect(await notice.isVisible()).toBe(true);
        await notice.getByRole('button', { name: 'Понятно' }).click();
        await notice.waitFor({ state: 'detached' });
      },
      { viewport: MOBILE },
    );
    // What the notice says: the school mails nothing, the address is gone with the account.
    const outbox = await fetch(
      `${baseUrl}/sandbox/mail/api/messages?to=${encodeURIComponent(parent.email)}`,
    );
    expect(((await outbox.json()) as { data: unknown[] }).data).toEqual([]);
  });
});

describe('addresses that only redirect', () => {
  it.each([
    ['/personal', '/personal/profile', true],
    ['/personal/help', '/personal/help/faq', true],
    ['/gift', '/gift/register', false],
  ])('%s leads to %s with no warning in the console', async (path, target, asParent) => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        const warnings: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'warning' || message.type() === 'error') {
            warnings.push(message.text());
          }
        });
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === target);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(warnings).toEqual([]);
      },
      // With the service worker, as a parent's browser has it: its registration must not warn either.
      { asParent, worker: true },
    );
  });
});
