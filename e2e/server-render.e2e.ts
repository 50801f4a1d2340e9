// The public pages as a crawler, a link preview and a parent's browser get them: whole HTML with its data
// and head from the server, hydrated by the app without a mismatch.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, MOBILE, startApp, withPage } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const page = async (path: string) => {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, html: await response.text() };
};

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

const PUBLIC_PAGES = [
  ['/', 'Школа Умняшек'],
  ['/programs/main-program/four-five', 'Основная программа — Школа Умняшек'],
  ['/programs/additional-program', 'Дополнительные программы — Школа Умняшек'],
  ['/about/index', 'О школе — Школа Умняшек'],
  ['/about/team', 'Команда — Школа Умняшек'],
  ['/faq', 'Частые вопросы — Школа Умняшек'],
  ['/documents/license-agreement', 'Лицензионное соглашение — Школа Умняшек'],
] as const;

describe('public pages from the server', () => {
  it.each(PUBLIC_PAGES)(
    '%s comes whole: heading, title, description, canonical, Open Graph',
    async (path, title) => {
      const { status, headers, html } = await page(path);
      expect(status).toBe(200);
      expect(attribute(html, /<title>([^<]*)<\/title>/)).toBe(title);
      expect(attribute(html, /<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(
        40,
      );
      const canonical = attribute(html, /<link rel="canonical" href="([^"]+)"/);
      expect(new URL(canonical ?? '').pathname).toBe(path);
      expect(attribute(html, /<meta property="og:url" content="([^"]+)"/)).toBe(canonical);
      expect(attribute(html, /<meta property="og:title" content="([^"]+)"/)).toBe(title);
      // The page's own text is in the HTML, not a spinner.
      expect(html).toMatch(/<h1[^>]*>[^<]*[А-Яа-яЁё]/);
      expect(html).not.toContain('class="boot"');
      // One inline script, the session mark, and the page's CSP allows it by its hash (JSON and JSON-LD are
      // data, not scripts).
      const inline = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)]
        .filter(([, attributes = '']) => !/\bsrc=|type="application\/(ld\+)?json"/.test(attributes))
        .map(([, , text]) => text ?? '');
      expect(inline).toHaveLength(1);
      const scriptSrc = /script-src ([^;]*)/.exec(
        headers.get('content-security-policy') ?? '',
      )?.[1];
      for (const text of inline) {
        const hash = createHash('sha256').update(text).digest('base64');
        expect(scriptSrc?.split(' ')).toContain(`'sha256-${hash}'`);
      }
      for (const [, json] of html.matchAll(
        /<script type="application\/ld\+json">([^<]*)<\/script>/g,
      )) {
        expect(JSON.parse(json ?? '')['@context']).toBe('https://schema.org');
      }
    },
  );

  it('the landing describes the school, its courses and their prices in roubles as JSON-LD', async () => {
    const { html } = await page('/');
    const documents = [
      ...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
    ].map(([, json]) => JSON.parse(json ?? '') as Record<string, unknown>);
    expect(documents.map((document) => document['@type'])).toEqual([
      'EducationalOrganization',
      'ItemList',
    ]);
    const list = documents[1] as {
      itemListElement: {
        item: { '@type': string; offers: { priceCurrency: string; price: string }[] };
      }[];
    };
    expect(list.itemListElement).toHaveLength(5);
    for (const { item } of list.itemListElement) {
      expect(item['@type']).toBe('Course');
      expect(item.offers.length).toBeGreaterThan(0);
      for (const offer of item.offers) {
        expect(offer.priceCurrency).toBe('RUB');
        expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      }
    }
  });

  it('the 404 page answers 404 and is not indexed; an unknown address goes there', async () => {
    const notFound = await page('/404');
    expect(notFound.status).toBe(404);
    expect(notFound.html).toContain('<meta name="robots" content="noindex">');
    expect(notFound.html).toContain('Страница не найдена — Школа Умняшек');
    for (const path of ['/no/such/page', '/programs/main-program/no-such-age']) {
      const unknown = await page(path);
      expect(unknown.status, path).toBe(302);
      expect(unknown.headers.get('location'), path).toBe('/404');
    }
  });

  it('the main program without an age is the first group’s page, as in the browser', async () => {
    const { status, headers } = await page('/programs/main-program');
    expect(status).toBe(302);
    expect(headers.get('location')).toBe('/programs/main-program/two-three');
  });

  it('pages a login decides stay the app shell: the server never guesses who is signed in', async () => {
    for (const path of ['/personal/profile', '/video', '/subscribe']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain('class="boot"');
      expect(html, path).not.toContain('id="ssr-state"');
    }
  });

  it.each(PUBLIC_PAGES)(
    '%s hydrates with no mismatch and no error once the parent moves',
    async (path) => {
      await withPage(
        browser,
        baseUrl,
        async (tab) => {
          const problems: string[] = [];
          tab.on('pageerror', (error) => problems.push(error.message));
          tab.on('console', (message) => {
            if (message.type() === 'error' && !message.text().includes('404'))
              problems.push(message.text());
          });
          await tab.goto(path, { waitUntil: 'networkidle' });
          const before = await tab.locator('h1').first().textContent();
          await startApp(tab);
          await tab.waitForLoadState('networkidle');
          expect(await tab.locator('h1').first().textContent()).toBe(before);
          expect(problems).toEqual([]);
        },
        { viewport: MOBILE },
      );
    },
  );
});
