import { SCROLL_TO_TOP_DELAY_MS, SMOOTH_SCROLL } from '@contract/constants';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * docs/PRODUCT.md «Product rules» smooth scroll: 500 ms, offset 0. Scrolls the window to an element or a y position; resolves
 * when done. Reduced-motion users jump at once.
 */
export function smoothScrollTo(
  target: Element | number,
  {
    durationMs = SMOOTH_SCROLL.durationMs,
    offset = SMOOTH_SCROLL.offset,
  }: { durationMs?: number; offset?: number } = {},
): Promise<void> {
  const startY = window.scrollY;
  const targetY =
    typeof target === 'number'
      ? target
      : target.getBoundingClientRect().top + window.scrollY - offset;
  const endY = Math.max(0, targetY);
  if (durationMs <= 0 || prefersReducedMotion() || typeof requestAnimationFrame !== 'function') {
    window.scrollTo(0, endY);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const startedAt = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - startedAt) / durationMs);
      window.scrollTo(0, startY + (endY - startY) * easeInOut(progress));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

let pendingTop: ReturnType<typeof setTimeout> | undefined;

/** docs/PRODUCT.md «Screens and routes»: after footer navigation or a change of top section, scroll to the top 400 ms later. */
export function scrollToTopAfterDelay(delayMs = SCROLL_TO_TOP_DELAY_MS): void {
  clearTimeout(pendingTop);
  pendingTop = setTimeout(() => {
    pendingTop = undefined;
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, delayMs);
}

/** The first path segment: '/about/team' → 'about'; the landing's modal paths count as the landing. */
export function topSection(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}
