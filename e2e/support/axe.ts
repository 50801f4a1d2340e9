// axe-core on the page as it is now, or at its top and its bottom: WCAG 2.2 AA, serious and critical
// violations only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// axe-core's own script, put into the page once and run there. The Playwright wrapper injected it anew for
// every check and finished each in a blank page of its own: 1.5–2 s a check against 0.3 s, and the
// accessibility journey makes some 170 of them. The school's pages have no frames for the wrapper to reach.
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type Violations = AxeResults['violations'];

/**
 * Waits for the page's running finite animations and transitions to end, for 2 s at most: a dialog fading
 * in has its colours half blended with the page behind, which axe reads as too little contrast (seen:
 * white on a button at 3.1:1 mid-fade). Endless and paused ones are left alone; a long one (the route's
 * progress bar creeps for 8 s) is not waited out.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getComputedTiming().iterations !== Infinity,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

async function axeViolations(page: Page): Promise<Violations> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS } };
  return page.evaluate(async (runOptions) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
    };
    return (await axe.run(document, runOptions)).violations;
  }, options);
}

/**
 * The serious and critical violations on the page as it is now, one readable line per element:
 * rule id, impact, what it asks, the element's selector and axe's summary of what is wrong.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await axeViolations(page);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' ')}` +
          ` — ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    );
}

/**
 * Scrolls to the very end of the page: the footer is in view and the sticky parts (the header, the demo
 * ribbon) stand where a phone shows them there — where a target overlapped by them would be too small to
 * hit (WCAG 2.5.8). Sections that mount after the first scroll come in first, so the end is the real one.
 */
export async function scrollToBottom(page: Page): Promise<void> {
  await page.mouse.wheel(0, 400);
  await page.waitForFunction(
    () => document.querySelectorAll('[data-deferred="waiting"]').length === 0,
  );
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => {
    const root = document.documentElement;
    if (window.scrollY + window.innerHeight >= root.scrollHeight - 1) return true;
    // Grown since (images, late sections): step on to the new end and look again.
    window.scrollTo(0, root.scrollHeight);
    return false;
  });
  // As at the top (openScreen): the sections that came in show their data, not their loading placeholder,
  // which axe would otherwise catch half-replaced.
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
}

/**
 * The serious and critical violations with the page at its top (as opened) and again scrolled to its end;
 * the lines found only there say so.
 */
export async function seriousViolationsTopAndBottom(page: Page): Promise<string[]> {
  const atTop = await seriousViolations(page);
  await scrollToBottom(page);
  const atBottom = await seriousViolations(page);
  return [
    ...atTop,
    ...atBottom.filter((line) => !atTop.includes(line)).map((line) => `at the bottom: ${line}`),
  ];
}
