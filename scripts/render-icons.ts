// Renders the app's icons (the web app manifest's and Apple's home-screen one) from the school's mark,
// src/web/public/favicon.svg, in the system Chromium: no image tool to install, nothing downloaded. The PNGs
// are committed; run this again only when the mark changes: `npx tsx scripts/render-icons.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './chromium';

const publicDir = fileURLToPath(new URL('../src/web/public/', import.meta.url));
const mark = readFileSync(`${publicDir}favicon.svg`, 'utf8');
const BRAND = '#6c4cf1';

/** The mark's drawing without its rounded tile: the owl alone, in the 64-unit box. */
const owl = mark
  .replace(/^[\s\S]*?<\/title>/, '')
  .replace(/<rect[^>]*\/>/, '')
  .replace(/<\/svg>\s*$/, '');

/**
 * A square tile of the brand colour to its edges, the owl scaled about the centre. A maskable icon may be
 * cut to a circle of 80 % of its width, so the owl (ear tips included) stays within that circle.
 */
const fullBleed = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -33)">${owl}</g></svg>`;

const icons: { file: string; size: number; svg: string }[] = [
  { file: 'icons/icon-192.png', size: 192, svg: mark },
  { file: 'icons/icon-512.png', size: 512, svg: mark },
  { file: 'icons/icon-maskable-192.png', size: 192, svg: fullBleed(0.66) },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: fullBleed(0.66) },
  // iOS rounds the corners itself and fills transparency with black: a full tile, the owl larger.
  { file: 'icons/apple-touch-icon.png', size: 180, svg: fullBleed(0.8) },
];

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    writeFileSync(`${publicDir}${file}`, png);
    console.log(`${file}: ${size}×${size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
