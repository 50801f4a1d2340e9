// `npm run build`: prints an estimate of the landing page's initial JavaScript (entry chunk, the landing
// route chunk and everything they import statically), gzipped from the files on disk. A report, never a
// failure: the budget (150 KB) is checked as a browser downloads the page, by e2e/budget.e2e.ts, and
// `npm run bench` prints that figure too.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET_KB = 150;
const dist = 'dist/web';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
// The school's entry; the back office (admin/index.html) is an entry of its own and not counted.
const entryKey = Object.keys(manifest).find(
  (key) => key === 'index.html' && manifest[key]?.isEntry,
);
if (!entryKey) throw new Error('No entry chunk in the Vite manifest');

const seen = new Set<string>();
const walk = (key: string): void => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) walk(child);
};
walk(entryKey);
// The landing route is a lazy chunk, but it loads at once on "/", so it counts as initial.
for (const key of Object.keys(manifest))
  if (key.endsWith('features/landing/landing-page.tsx')) walk(key);

const gzipKb = (file: string): number => gzipSync(readFileSync(join(dist, file))).length / 1024;
let jsKb = 0;
let cssKb = 0;
for (const key of seen) {
  const chunk = manifest[key];
  if (!chunk) continue;
  jsKb += gzipKb(chunk.file);
  for (const css of chunk.css ?? []) cssKb += gzipKb(css);
}
const over = jsKb > BUDGET_KB ? ` — over by ${(jsKb - BUDGET_KB).toFixed(1)} KB` : '';
console.log(
  `Landing initial JS (estimate): ${jsKb.toFixed(1)} KB gzip in ${seen.size} chunk(s), budget ${BUDGET_KB} KB${over}; CSS ${cssKb.toFixed(1)} KB gzip`,
);
