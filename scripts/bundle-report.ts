// Prints the landing page's initial JavaScript (entry chunk, the landing route chunk and everything they
// import statically), gzipped,
// and fails the build when it exceeds the budget of issue 2: 150 KB.
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
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
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
console.log(
  `Landing initial JS: ${jsKb.toFixed(1)} KB gzip in ${seen.size} chunk(s) (budget ${BUDGET_KB} KB); CSS ${cssKb.toFixed(1)} KB gzip`,
);
if (jsKb > BUDGET_KB) {
  console.error(`Over budget by ${(jsKb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
