// The installable app: Chromium finds the school installable, the worker takes the page once the app has
// started, a page that cannot be fetched shows the Russian offline page, a family's /api answers are never
// kept in a cache, and a new build's worker is offered to the parent, never forced on a running page.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  launchBrowser,
  launchProfile,
  startApp,
  withPage,
} from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Opens the landing, starts the app (the worker is registered only then) and waits for the worker. */
async function controlledLanding(page: Page): Promise<void> {
  await page.goto('/');
  await startApp(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
}

/** Every address kept in any Cache Storage cache of the site, by cache name. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      all[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return all;
  });
}

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

describe('the installable app', () => {
  it('links the manifest, the theme colour and the home-screen icon from every kind of page', async () => {
    // A page rendered on the server, another, and one only the browser renders (the SPA shell).
    for (const path of ['/', '/faq', '/subscribe']) {
      const res = await fetch(`${baseUrl}${path}`);
      const html = await res.text();
      expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest"');
      expect(html, path).toContain('<meta name="theme-color" content="#6c4cf1"');
      expect(html, path).toContain(
        '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"',
      );
    }
  });

  it('serves a manifest with the school’s name, colours and 192 and 512 px icons, maskable ones too', async () => {
    const res = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'Школа Умняшек',
      short_name: 'Умняшки',
      lang: 'ru',
      start_url: '/',
      display: 'standalone',
      theme_color: '#6c4cf1',
      background_color: '#fffdf8',
    });
    const seen = new Set<string>();
    for (const icon of manifest.icons) {
      const file = await fetch(`${baseUrl}${icon.src}`);
      expect(file.headers.get('content-type'), icon.src).toBe('image/png');
      expect(pngSize(Buffer.from(await file.arrayBuffer())), icon.src).toBe(icon.sizes);
      seen.add(`${icon.sizes} ${icon.purpose}`);
    }
    for (const wanted of ['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']) {
      expect(seen.has(wanted), wanted).toBe(true);
    }
    const touch = await fetch(`${baseUrl}/icons/apple-touch-icon.png`);
    expect(pngSize(Buffer.from(await touch.arrayBuffer()))).toBe('180x180');
    const worker = await fetch(`${baseUrl}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('registers no worker before the first interaction: the landing loads as light as before', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page) => {
        const workers: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/sw.js') workers.push(request.url());
        });
        await page.goto('/', { waitUntil: 'networkidle' });
        expect(workers).toEqual([]);
        expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toEqual([]);
      },
      { viewport: MOBILE, worker: true },
    );
  });

  it('is installable in Chromium once the app has started, with no installability errors', async () => {
    // Chromium never installs from a private window, and every context of `browser` is one: a profile on
    // disk, as a parent's browser has.
    const profile = mkdtempSync(join(tmpdir(), 'umnyashki-profile-'));
    const context = await launchProfile(profile, { baseURL: baseUrl, viewport: MOBILE });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await controlledLanding(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${baseUrl}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('shows the Russian offline page for a page it cannot fetch, and keeps no /api answer', async () => {
    await withPage(
      browser,
      baseUrl,
      async (page, context) => {
        const api: string[] = [];
        page.on('requestfinished', (request) => {
          if (new URL(request.url()).pathname.startsWith('/api/')) api.push(request.url());
        });
        await controlledLanding(page);
        // Asked while the worker controls the page: a parent's own data and a public answer.
        const statuses = await page.evaluate(async () => {
          const token = localStorage.getItem('user-token') ?? '';
          const own = await fetch('/api/profile/show', {
            headers: { authorization: `Bearer ${token}` },
          });
          const open = await fetch('/api/public-config');
          return [own.status, open.status];
        });
        expect(statuses).toEqual([200, 200]);
        expect(api.length).toBeGreaterThan(0);

        const cached = await cachedUrls(page);
        const names = Object.keys(cached);
        expect(names).toHaveLength(1);
        const urls = Object.values(cached).flat();
        expect(urls.filter((url) => url.startsWith('/api') || url.startsWith('/admin'))).toEqual(
          [],
        );
        expect(urls).toContain('/offline.html');
        // Every script and style the page has loaded is among this build's precached files.
        const loaded = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.startsWith('/assets/')),
        );
        expect(loaded.length).toBeGreaterThan(0);
        expect(loaded.filter((path) => !urls.includes(path))).toEqual([]);
        expect(urls.some((url) => /\/assets\/admin-/.test(url))).toBe(false);

        await context.setOffline(true);
        await page.goto('/about/team');
        await expect(
          page.getByRole('heading', { level: 1, name: 'Нет соединения' }).isVisible(),
        ).resolves.toBe(true);
        expect(new URL(page.url()).pathname).toBe('/about/team');
        const retry = page.getByRole('button', { name: 'Попробовать снова' });
        // Its address is the page the parent was opening.
        expect(await retry.evaluate((link) => (link as HTMLAnchorElement).href)).toBe(page.url());
        await expect(page.getByText('Что работает и без интернета').isVisible()).resolves.toBe(
          true,
        );

        // The connection is back: the page the parent wanted opens by itself.
        await context.setOffline(false);
        await page
          .getByRole('heading', { level: 1, name: 'Нет соединения' })
          .waitFor({ state: 'detached', timeout: 20_000 });
        expect(new URL(page.url()).pathname).toBe('/about/team');
        expect(await page.title()).not.toContain('Нет соединения');
      },
      { viewport: MOBILE, asParent: true, worker: true },
    );
  });

  it('offers a new build’s worker to the parent and switches only on «Обновить»', async () => {
    const file = 'dist/web/sw.js';
    const built = readFileSync(file, 'utf8');
    const version = /\b[0-9a-f]{16}\b/.exec(built)?.[0];
    expect(version).toBeDefined();
    // A deploy, as the browser sees it: another worker script with another build's cache.
    const write = (text: string) => {
      writeFileSync(file, text);
      writeFileSync(`${file}.br`, brotliCompressSync(text));
      writeFileSync(`${file}.gz`, gzipSync(text));
    };
    try {
      await withPage(
        browser,
        baseUrl,
        async (page) => {
          await controlledLanding(page);
          expect(Object.keys(await cachedUrls(page))).toEqual([`umnyashki-precache-${version}`]);
          await page.evaluate(() => {
            (window as unknown as { oldPage: boolean }).oldPage = true;
          });
          write(built.replace(String(version), 'feedfacefeedface'));
          await page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            await registration?.update();
          });

          const update = page.getByRole('button', { name: 'Обновить' });
          await update.waitFor({ timeout: 30_000 });
          await expect(page.getByText('Доступна новая версия').isVisible()).resolves.toBe(true);
          // Offered, not forced: the same page, still under the old worker, the new one waiting.
          const state = await page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return {
              oldPage: (window as unknown as { oldPage?: boolean }).oldPage === true,
              waiting: registration?.waiting?.state ?? null,
            };
          });
          expect(state).toEqual({ oldPage: true, waiting: 'installed' });

          await update.click();
          // The page reloads once, under the new worker; the old build's cache is gone.
          await page.waitForFunction(
            () => (window as unknown as { oldPage?: boolean }).oldPage !== true,
            null,
            { timeout: 30_000 },
          );
          await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
          expect(Object.keys(await cachedUrls(page))).toEqual([
            'umnyashki-precache-feedfacefeedface',
          ]);
          const waiting = await page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return registration?.waiting ?? null;
          });
          expect(waiting).toBeNull();
        },
        { viewport: DESKTOP, worker: true },
      );
    } finally {
      write(built);
    }
  });
});
