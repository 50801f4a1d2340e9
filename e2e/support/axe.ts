// axe-core on the page as it is now, or at its top and its bottom: WCAG 2.2 AA, serious and critical
// violations only.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The serious and critical violations on the page as it is now, one readable line per element:
 * rule id, impact, what it asks, the element's selector and axe's summary of what is wrong.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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
