// `npm run lighthouse`: Lighthouse's mobile performance audit (its default: a mid-range phone on slow 4G,
// simulated) of the landing and the programs page, three runs each, medians printed. Starts the built
// school on a fresh embedded database (needs `npm run build` and Chromium at CHROME_PATH or
// /usr/bin/chromium); LIGHTHOUSE_URL audits a server already running instead. LIGHTHOUSE_AS_PARENT=1
// audits the private pages as the demo parent (signed in, the first child chosen for /video) instead. A
// measurement, not a test.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium';
import { startSchool } from './testing/school-server';

const AS_PARENT = process.env.LIGHTHOUSE_AS_PARENT === '1';
const PRIVATE_PATHS =
  '/video,/personal/profile,/personal/students,/personal/tariffs,/personal/gift';
const PATHS = (
  process.env.LIGHTHOUSE_PATHS ?? (AS_PARENT ? PRIVATE_PATHS : '/,/programs/main-program/four-five')
).split(',');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Audit {
  numericValue?: number;
}

// The demo videos' ladders would be made during the audits, on the CPU they measure: no transcoding.
const own = process.env.LIGHTHOUSE_URL ? null : await startSchool({ TRANSCODE_CONCURRENCY: '0' });
const base = process.env.LIGHTHOUSE_URL ?? own?.baseUrl ?? '';
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
/**
 * Signs the demo parent in the way the app keeps it (its token in local storage) and picks the first
 * child for /video, in the browser Lighthouse drives; its runs then keep the storage.
 */
async function signInDemoParent(): Promise<void> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@umnyashki.ru', password: 'umnyashki-demo' }),
  });
  if (!login.ok) throw new Error(`demo login: ${login.status}`);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const profile = await fetch(`${base}/api/profile/show`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { children } = ((await profile.json()) as { data: { children: { id: number }[] } }).data;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await (browser.contexts()[0] ?? (await browser.newContext())).newPage();
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    ({ saved, child }) => {
      window.localStorage.setItem('user-token', saved);
      window.localStorage.setItem('video-child', String(child));
    },
    { saved: token, child: children[0]?.id ?? 0 },
  );
  await page.close();
  await browser.close();
}

try {
  if (AS_PARENT) await signInDemoParent();
  console.log(`Lighthouse ${RUNS}× per page, mobile (simulated slow 4G, 4× CPU slowdown), ${base}`);
  console.log(
    'page | performance | FCP s | LCP s | TBT ms | CLS | transferred KB | host benchmark index',
  );
  for (const path of PATHS) {
    const runs: {
      score: number;
      fcp: number;
      lcp: number;
      tbt: number;
      cls: number;
      kb: number;
      bench: number;
    }[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        // Signed in: Lighthouse must not clear the storage that holds the session.
        disableStorageReset: AS_PARENT,
        output: 'json',
        logLevel: 'error',
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no result for ${path}`);
      if (lhr.runtimeError) {
        console.log(
          `${path}: run ${run + 1} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
        );
        continue;
      }
      const audit = (id: string) => (lhr.audits[id] as Audit | undefined)?.numericValue ?? NaN;
      runs.push({
        score: (lhr.categories.performance?.score ?? 0) * 100,
        fcp: audit('first-contentful-paint') / 1000,
        lcp: audit('largest-contentful-paint') / 1000,
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        kb: audit('total-byte-weight') / 1024,
        // The host's own speed as Lighthouse measures it: the 4× slowdown multiplies it, so a score is
        // comparable only between hosts of a like index (docs/PERFORMANCE.md).
        bench: lhr.environment.benchmarkIndex,
      });
    }
    const pick = (key: keyof (typeof runs)[number]) => median(runs.map((item) => item[key]));
    const scores = runs.map((item) => item.score.toFixed(0)).join('/');
    console.log(
      `${path} | ${pick('score').toFixed(0)} (${scores}) | ${pick('fcp').toFixed(2)} | ${pick('lcp').toFixed(2)} | ` +
        `${pick('tbt').toFixed(0)} | ${pick('cls').toFixed(3)} | ${pick('kb').toFixed(1)} | ${pick('bench').toFixed(0)}`,
    );
  }
} finally {
  await chrome.kill();
  await own?.stop();
}
