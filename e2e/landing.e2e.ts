// The landing as a parent sees it: banner, lower sections that appear on the first scroll without moving
// anything, the promo video, and tariffs whose prices are clear before any payment.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, demoParentToken, launchBrowser, withPage } from './support/browser';
import { boxOf, guestAndParentBoxes } from './support/session-boxes';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Cumulative layout shift since the page started, as Chromium reports it. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as { __cls: number };
    state.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        state.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

describe('landing', () => {
  it.each([
    ['375 px', MOBILE],
    ['1280 px', DESKTOP],
  ])(
    'shows the lower sections after the first scroll without a layout shift at %s',
    async (_, viewport) => {
      await withPage(
        browser,
        baseUrl,
        async (page) => {
          await watchLayoutShift(page);
          await page.goto('/');
          await page.getByRole('heading', { level: 1 }).waitFor();
          await page.waitForLoadState('networkidle');
          const waiting = await page.locator('[data-deferred="waiting"]').count();
          expect(waiting).toBeGreaterThan(0);

          await page.mouse.wheel(0, 300);
          await page.getByRole('heading', { name: 'Выберите подписку' }).waitFor();
          await page.waitForFunction(() => !document.querySelector('[data-deferred="waiting"]'));
          expect(await layoutShift(page)).toBeLessThan(0.02);
        },
        { viewport },
      );
    },
  );

  // The server renders a guest's banner; a subscribed parent's has «К урокам» in place of the promo, in the
  // same place, so «Программы» beside it stays under a pointer aimed at it while the page is taken over.
  it('swaps the promo for «К урокам» for a subscribed parent without moving «Программы»', async () => {
    const token = await demoParentToken(baseUrl);
    const [guest, parent] = await guestAndParentBoxes({
      browser,
      baseUrl,
      token,
      viewport: DESKTOP,
      path: '/',
      measure: async (page, isParent) => {
        const banner = page.locator('section[aria-labelledby="landing-title"]');
        const lessons = banner.getByRole('link', { name: 'К урокам' });
        if (isParent) await lessons.waitFor();
        // Only the button shown can be reached: the other one keeps its place, inert.
        expect(await lessons.count()).toBe(isParent ? 1 : 0);
        expect(await banner.getByRole('button').count()).toBe(isParent ? 0 : 1);
        expect(await banner.locator('[inert]').getByText('К урокам').count()).toBe(
          isParent ? 0 : 1,
        );
        return [await boxOf(banner.getByRole('link', { name: 'Программы' }))];
      },
    });
    expect(parent).toEqual(guest);
  });

  it('gives a guest the banner text from the content call', async () => {
    const res = await fetch(`${baseUrl}/api/landing-data`);
    const { data } = (await res.json()) as { data: { banner_text: string } };
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/');
      const h1 = page.getByRole('heading', { level: 1 });
      await h1.waitFor();
      // The banner renders at once with a placeholder; the text arrives with the content call.
      const normalise = (text: string | null | undefined) =>
        (text ?? '').replace(/\s+/g, ' ').trim();
      await expect
        .poll(async () => normalise(await h1.textContent()), { timeout: 10_000 })
        .toBe(normalise(data.banner_text));
    });
  });

  it('plays the promo video', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.mouse.wheel(0, 300);
      await page.getByRole('button', { name: /^Смотреть видео/ }).click();
      const video = page.locator('dialog[open] video');
      await video.waitFor();
      expect(await video.getAttribute('src')).toBe('/media/promo.webm');
      await page.waitForFunction(
        () => {
          const element = document.querySelector('dialog[open] video') as HTMLVideoElement | null;
          return element !== null && element.readyState >= 2 && element.duration > 5;
        },
        undefined,
        { timeout: 10_000 },
      );
    });
  });

  it('shows tariffs with clear prices, six months chosen, and an upper-case promo code', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.mouse.wheel(0, 300);
        const section = page.locator('#tariffs');
        await section.getByRole('heading', { name: 'Выберите подписку' }).waitFor();

        const chosen = section.locator('input[type="radio"]:checked');
        await chosen.nth(1).waitFor({ state: 'attached' });
        // One for the number of children, one for the duration.
        expect(await chosen.count()).toBe(2);
        const text = (await section.textContent()) ?? '';
        expect(text).toContain('6\u00a0месяцев');
        expect(text).toMatch(/4[\u00a0\u202f]740\u00a0₽/);
        expect(text).toMatch(/выгода 20\u00a0%/);
        expect(text).not.toMatch(/\d ₽/); // never a breaking space before the rouble sign

        const promo = section.getByLabel('Промокод');
        await promo.fill('summer10');
        expect(await promo.inputValue()).toBe('SUMMER10');

        await section.getByRole('link', { name: 'Оформить подписку' }).click();
        await page.waitForURL('**/subscribe?**');
        const url = new URL(page.url());
        expect(url.searchParams.get('promo')).toBe('SUMMER10');
        expect(Number(url.searchParams.get('tariff'))).toBeGreaterThan(0);
      },
      { viewport: MOBILE },
    );
  });
});
