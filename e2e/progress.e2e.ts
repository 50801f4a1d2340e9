// The parents' view of learning and the programs pages in a real browser: a guest sees a program week by
// week and plays its free first lesson at 375 px; the demo parent (a child in week 3 who missed two weeks
// before the family subscribed) sees the path of weeks and the skipped weeks with their prices.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, withPage } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Whether the page scrolls sideways (a phone's screen must hold everything). */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });
}

/** Whether the <video> of the open dialog is playing: time moves and no error. */
async function videoPlays(page: Page): Promise<boolean> {
  const video = page.getByRole('dialog').locator('video');
  await video.waitFor();
  await page.waitForFunction(
    () => {
      const element = document.querySelector('dialog video');
      return element instanceof HTMLVideoElement && element.currentTime > 0.2;
    },
    undefined,
    { timeout: 15_000 },
  );
  return video.evaluate((element) => (element as HTMLVideoElement).error === null);
}

describe('a program week by week, for a guest', () => {
  it('shows the weeks and their lessons and plays the free first lesson at 375 px', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/programs/main-program/four-five');
        const section = page.getByRole('region', { name: 'Уроки по неделям' });
        await section.waitFor();
        const weeks = section.locator('details');
        await weeks.first().waitFor();
        expect(await weeks.count()).toBeGreaterThanOrEqual(4);
        // The first week is open; the others unfold on a tap.
        expect(await weeks.nth(0).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
        expect(await weeks.nth(1).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
        await weeks.nth(1).locator('summary').click();
        await weeks.nth(1).getByRole('heading').first().waitFor();
        expect(await weeks.nth(1).getByText('Откроется с подпиской').count()).toBe(3);

        const first = weeks.nth(0).getByRole('listitem').first();
        expect(await first.getByText('12\u00a0мин').count()).toBe(1);
        await first.getByRole('button', { name: /^Смотреть бесплатно/ }).click();
        expect(await videoPlays(page)).toBe(true);
        // Only one lesson of the program plays for a guest.
        await page.keyboard.press('Escape');
        expect(await section.getByRole('button', { name: /^Смотреть бесплатно/ }).count()).toBe(1);
        const wide = await scrollsSideways(page);
        expect(wide).toBe(false);
      },
      { viewport: MOBILE },
    );
  });

  it('unfolds an additional program’s lessons and plays its first one', async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto('/programs/additional-program');
      const card = page.getByRole('article', { name: 'Английский для малышей' });
      await card.getByText('Уроки программы').click();
      await card.getByText('Откроется после покупки').first().waitFor();
      await card.getByRole('button', { name: /^Смотреть бесплатно/ }).click();
      expect(await videoPlays(page)).toBe(true);
    });
  });
});

describe('the demo parent’s view of learning', () => {
  it('shows the path of weeks: two missed, the child standing on week 3', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.goto('/personal/progress');
        const path = page.getByRole('list', { name: 'Путь по неделям программы' });
        await path.waitFor();
        const stops = path.getByRole('listitem');
        expect(await stops.count()).toBe(4);
        expect(await stops.nth(0).getByText('пропущена').count()).toBe(1);
        expect(await stops.nth(1).getByText('пропущена').count()).toBe(1);
        expect(await stops.nth(2).getAttribute('aria-current')).toBe('step');
        expect(await stops.nth(2).getByText('сейчас здесь').count()).toBe(1);
        await page.getByRole('link', { name: 'Пропущенные недели' }).click();
        await page.waitForURL('**/skiped-weeks?child=*');
        await page.getByRole('heading', { name: 'Пропущено: 2\u00a0недели' }).waitFor();
        const weeks = page.getByRole('main').getByRole('listitem');
        expect(await weeks.count()).toBe(2);
        // Both weeks are ticked at first: the payment button names their whole price.
        expect(await page.getByRole('button', { name: /^Оплатить \d/ }).count()).toBe(1);
      },
      { viewport: DESKTOP, asParent: true },
    );
  });

  it('at 375 px the path and the skipped weeks fit the screen', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        for (const path of ['/personal/progress', '/skiped-weeks']) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          await page.waitForFunction(
            () => document.querySelectorAll('[aria-busy="true"]').length === 0,
          );
          const wide = await scrollsSideways(page);
          expect(wide, path).toBe(false);
        }
      },
      { viewport: MOBILE, asParent: true },
    );
  });
});
