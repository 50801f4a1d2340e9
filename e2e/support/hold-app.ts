import type { Page } from 'playwright-core';

/**
 * Holds back the app's code (main.tsx's chunk; the boot script's chunk has the same name) for one page of
 * `baseUrl`: the page stays the server's HTML until `release` is called — how a slow phone sees it.
 */
export async function holdApp(page: Page, baseUrl: string, path: string): Promise<() => void> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const boot = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  if (!boot) throw new Error(`${path} has no boot script`);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
    if (new URL(route.request().url()).pathname !== boot) await held;
    await route.continue();
  });
  return release;
}
