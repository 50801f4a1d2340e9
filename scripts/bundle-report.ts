// `npm run build`: prints, from the files on disk (gzip -6), what the landing costs in two steps: the boot
// script a server-rendered page loads at first, and the app it loads at the visitor's first interaction
// (main.tsx, the landing route and everything they import statically). The first load's budgets are
// checked as a browser downloads the page, by e2e/budget.e2e.ts; the app's is checked here, where it is
// exact, and fails the build: one import of a zod schema into the app's start once added 29 KB unseen.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { APP_JS_BUDGET_KB, LANDING_JS_BUDGET_KB } from './landing-js-weight';

const dist = 'dist/web';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
if (!manifest['index.html']?.isEntry) throw new Error('No entry chunk in the Vite manifest');

function closure(keys: string[], skip: Set<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const walk = (key: string): void => {
    if (seen.has(key) || skip.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) walk(child);
  };
  for (const key of keys) walk(key);
  return seen;
}

const gzipKb = (file: string): number => gzipSync(readFileSync(join(dist, file))).length / 1024;
function weigh(keys: Set<string>) {
  let js = 0;
  let css = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    js += gzipKb(chunk.file);
    for (const file of chunk.css ?? []) css += gzipKb(file);
  }
  return { js, css, count: keys.size };
}

const boot = closure(['index.html']);
const landing = Object.keys(manifest).filter((key) =>
  key.endsWith('features/landing/landing-page.tsx'),
);
const app = closure(['main.tsx', ...landing], boot);
const first = weigh(boot);
const later = weigh(app);
console.log(
  `Landing JS (estimate, gzip): ${first.js.toFixed(1)} KB before any interaction (boot, ${first.count} chunk(s); ` +
    `budget ${LANDING_JS_BUDGET_KB} KB), ${later.js.toFixed(1)} KB more at the first interaction (the app, ` +
    `${later.count} chunks); CSS ${(first.css + later.css).toFixed(1)} KB`,
);
if (later.js > APP_JS_BUDGET_KB) {
  console.error(
    `The app at the first interaction is ${later.js.toFixed(1)} KB, over its ${APP_JS_BUDGET_KB} KB budget: ` +
      'something heavy joined its static imports (docs/PERFORMANCE.md «Budgets and figures»).',
  );
  process.exit(1);
}
