// The school on a 375 px phone: every section tab and age chip is in sight, a long e-mail wraps at its seams
// (after «@» or a hyphen, before a dot) rather than mid-word, and a modal is a sheet as tall as its content
// at the bottom of the screen. That no screen scrolls sideways is checked beside axe, on every screen at
// both widths (e2e/accessibility.e2e.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MOBILE, launchBrowser, withPage } from './support/browser';
import { storeToken } from './support/accounts';
import { openScreen, pageWidth } from './support/screens';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The links of a navigation whose box is not wholly inside the screen, by their text. */
async function linksOffScreen(page: Page, navName: string): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: navName });
  await nav.waitFor();
  return nav.evaluate((element) => {
    const width = document.documentElement.clientWidth;
    return Array.from(element.querySelectorAll('a'))
      .filter((link) => {
        const box = link.getBoundingClientRect();
        return box.left < 0 || box.right > width || box.width === 0;
      })
      .map((link) => link.textContent ?? '');
  });
}

describe('at 375 px', () => {
  it('shows every tab of the personal area, «Подарок» and «Помощь» included', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await openScreen(page, '/personal/profile');
        const nav = page.getByRole('navigation', { name: 'Разделы личного кабинета' });
        expect(await nav.getByRole('link').allTextContents()).toEqual([
          'Профиль',
          'Ученики',
          'Успехи',
          'Тарифы',
          'Подарок',
          'Помощь',
        ]);
        expect(await linksOffScreen(page, 'Разделы личного кабинета')).toEqual([]);
      },
      { viewport: MOBILE, asParent: true },
    );
  });

  it('shows every age chip of the programs, the last one chosen too', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await openScreen(page, '/programs/main-program/six-seven');
        const navName = 'Возрастные группы и дополнительные программы';
        expect(
          await page.getByRole('navigation', { name: navName }).getByRole('link').count(),
        ).toBe(6);
        expect(await linksOffScreen(page, navName)).toEqual([]);
      },
      { viewport: MOBILE },
    );
  });

  it('wraps a long e-mail after «@» or before a dot, never mid-word', async () => {
    // A parent with a long address who has not confirmed it yet: the reminder banner shows it too.
    const suffix = Math.random().toString(36).slice(2, 8);
    const email = `konstantin.konstantinopolskiy.${suffix}@semeynaya-pochta-umnyashek.example.ru`;
    const password = `umnyashki-${suffix}-pass`;
    const res = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, name: 'Константин', consent_personal_data: true }),
    });
    expect(res.ok, await res.clone().text()).toBe(true);
    const { data } = (await res.json()) as { data: { token: string } };

    await withPage(
      browser,
      baseUrl,
      async (page, context) => {
        await storeToken(context, data.token);
        await openScreen(page, '/personal/profile');
        await page.getByText('Подтвердите адрес почты').waitFor();
        const shown = page.locator('[data-email]');
        // The banner and the account panel.
        expect(await shown.count()).toBeGreaterThanOrEqual(2);

        const lines = await shown.evaluateAll((elements) =>
          elements.map((element) => {
            // Each character's line, from the top of its box: a new top is a new line.
            const text = element.textContent ?? '';
            const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            const tops: number[] = [];
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
                const range = document.createRange();
                range.setStart(node, i);
                range.setEnd(node, i + 1);
                tops.push(Math.round(range.getBoundingClientRect().top));
              }
            }
            const result: string[] = [];
            let start = 0;
            for (let i = 1; i <= text.length; i += 1) {
              if (i === text.length || (tops[i] ?? 0) > (tops[i - 1] ?? 0) + 2) {
                result.push(text.slice(start, i));
                start = i;
              }
            }
            return result;
          }),
        );
        for (const emailLines of lines) {
          expect(emailLines.join('')).toBe(email);
          // Long enough to wrap on a phone: the check below is about real line ends.
          expect(emailLines.length).toBeGreaterThan(1);
          for (const [i, next] of emailLines.entries()) {
            if (i === 0) continue;
            const end = emailLines[i - 1] ?? '';
            // After «@» or a hyphen (the browser's own break), before a dot, «_» or «+».
            const atSeam = /[@-]$/.test(end) || /^[._+]/.test(next);
            expect(atSeam, `a line break between «${end}» and «${next}»`).toBe(true);
          }
        }
        const { scrollWidth, clientWidth } = await pageWidth(page);
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      },
      { viewport: MOBILE },
    );
  });

  it('shows a short modal as a sheet at the bottom, as tall as its content', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await openScreen(page, '/');
        await page.getByRole('button', { name: 'Открыть меню' }).click();
        await page
          .getByRole('button', { name: 'Войти', exact: true })
          .filter({ visible: true })
          .click();
        await page.getByRole('dialog').getByRole('button', { name: 'Забыли пароль?' }).click();
        const dialog = page.getByRole('dialog', { name: 'Восстановление пароля' });
        await dialog.waitFor();
        const box = await dialog.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const panel = element.firstElementChild?.getBoundingClientRect();
          return {
            top: rect.top,
            bottom: rect.bottom,
            height: rect.height,
            content: panel?.height ?? 0,
          };
        });
        expect(Math.round(box.bottom)).toBe(MOBILE.height);
        // No empty lower half: the sheet is its content, and the page still shows above it.
        expect(box.height - box.content).toBeLessThan(2);
        expect(box.top).toBeGreaterThan(MOBILE.height / 4);
      },
      { viewport: MOBILE },
    );
  });
});
