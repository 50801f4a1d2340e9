// The rendered-page cache and its guards, with a stand-in server bundle: what is kept, what is given up,
// and what a flood of new addresses or a hanging render can and cannot do.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { createPageRenderer, isServerRendered, RenderBusyError } from './page-renderer';

let root: string;
let webDir: string;
let serverDir: string;

// Renders `<p>n</p>` (n counts renders); `/slow` waits for `release()`, `/away` redirects.
const BUNDLE = `
let renders = 0;
const releases = (globalThis.__slowRenders = []);
export async function render(url) {
  if (url.pathname === '/away') return { kind: 'redirect', status: 302, location: '/404' };
  if (url.pathname === '/slow') await new Promise((go) => releases.push(go));
  renders += 1;
  return {
    kind: 'page', status: 200, modules: [], html: '<p>' + renders + '</p>', state: '{}',
    head: { title: 'T', description: 'D', canonicalPath: url.pathname, noindex: false, notFound: false },
  };
}`;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'umnyashki-ssr-'));
  webDir = join(root, 'web');
  serverDir = join(root, 'server');
  mkdirSync(join(webDir, '.vite'), { recursive: true });
  mkdirSync(serverDir);
  writeFileSync(
    join(webDir, 'index.html'),
    '<html><head><!--seo--><title>x</title><!--/seo--></head><body><div id="root"><!--app--><i></i><!--/app--></div></body></html>',
  );
  writeFileSync(
    join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/boot.js' } }),
  );
  writeFileSync(join(serverDir, 'entry-server.js'), BUNDLE);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function renderer(
  options: { ttlMs?: number; deadlineMs?: number; maxRenders?: number } = {},
) {
  let clock = 0;
  const pages = await createPageRenderer({
    webDir,
    serverDir,
    publicUrl: 'https://umnyashki.example',
    fetchApi: async () => ({ status: 200, body: '{}', headers: {} }),
    structuredData: async () => [],
    logger: createLogger({ level: 'silent' }),
    now: () => clock,
    ...options,
  });
  if (!pages) throw new Error('no renderer');
  return { pages, tick: (ms: number) => (clock += ms) };
}

const bodyOf = (html: string | undefined) => /<div id="root">(.*?)<\/div>/.exec(html ?? '')?.[1];
/** Lets the stand-in bundle's waiting renders go on (the bundle is loaded by the renderer, not here). */
const releaseSlowRenders = () => {
  for (const go of (globalThis as { __slowRenders?: (() => void)[] }).__slowRenders?.splice(0) ??
    [])
    go();
};

describe('rendered pages', () => {
  it('are kept for a few seconds, then rendered anew; an invalidation drops them at once', async () => {
    const { pages, tick } = await renderer({ ttlMs: 5_000 });
    const first = bodyOf((await pages.render(new URL('https://x/faq'))).html);
    expect(bodyOf((await pages.render(new URL('https://x/faq?utm_source=a'))).html)).toBe(first);
    tick(5_001);
    const second = bodyOf((await pages.render(new URL('https://x/faq'))).html);
    expect(second).not.toBe(first);
    pages.invalidate();
    expect(bodyOf((await pages.render(new URL('https://x/faq'))).html)).not.toBe(second);
  });

  it('compress once: brotli and gzip twins of the same HTML', async () => {
    const { pages } = await renderer();
    const page = await pages.render(new URL('https://x/about/index'));
    expect(page.br?.length).toBeGreaterThan(0);
    expect(page.gzip?.length).toBeGreaterThan(0);
    expect(page.html).toContain(
      '<link rel="canonical" href="https://umnyashki.example/about/index">',
    );
  });

  it('a redirect is answered, not kept', async () => {
    const { pages } = await renderer();
    expect(await pages.render(new URL('https://x/away'))).toEqual({
      status: 302,
      location: '/404',
    });
  });

  it('a render that hangs is given up at its deadline, and while renders are busy the rest are refused at once', async () => {
    const { pages } = await renderer({ deadlineMs: 50, maxRenders: 1 });
    await expect(pages.render(new URL('https://x/slow'))).rejects.toThrow('too long');
    // The hung render still holds its slot: a new address is refused, not queued behind it.
    await expect(pages.render(new URL('https://x/programs'))).rejects.toBeInstanceOf(
      RenderBusyError,
    );
    releaseSlowRenders();
    // The slot comes back once the released render and its compression are done, however slow the machine.
    const page = await vi.waitFor(() => pages.render(new URL('https://x/programs')), {
      timeout: 5_000,
      interval: 5,
    });
    expect(page.status).toBe(200);
  });
});

describe('which addresses are rendered on the server', () => {
  it.each([
    ['/', true],
    ['/faq', true],
    ['/programs/main-program/four-five', true],
    ['/personal/profile', false],
    ['/subscribe', false],
    ['/Subscribe', false],
    ['/FAQ', false],
    ['/faq/', false],
    ['//faq', false],
    ['/?usertoken=abc', false],
    ['/?utm_source=vk', true],
  ])('%s → %s', (path, rendered) => {
    expect(isServerRendered(new URL(`https://x${path}`))).toBe(rendered);
  });
});
