// axe-core on the page as it is now: WCAG 2.2 AA, serious and critical violations only.
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
