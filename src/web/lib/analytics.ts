type YmFunction = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: YmFunction;
  }
}

let counterId: number | null = null;

/** docs/PRODUCT.md «Outside systems»: no counter configured → a silent `ym` that still calls a callback given from the 4th argument on. */
function installStub(): void {
  window.ym = (...args: unknown[]) => {
    const callback = args.slice(3).find((arg): arg is () => void => typeof arg === 'function');
    callback?.();
  };
}

/** docs/PRODUCT.md «Outside systems»: the `ym` queue, the async tag.js and `init`. */
function installCounter(id: number): void {
  if (!window.ym) {
    const queue: YmFunction = (...args: unknown[]) => {
      (queue.a = queue.a ?? []).push(args);
    };
    queue.l = Date.now();
    window.ym = queue;
  }
  const script = document.createElement('script');
  script.async = true;
  script.src = 'https://mc.yandex.ru/metrika/tag.js';
  document.head.append(script);
  window.ym(id, 'init', {
    clickmap: true,
    trackLinks: true,
    accurateTrackBounce: true,
    defer: true,
  });
}

/** Installs Yandex Metrika when the public config names a counter, otherwise the silent stub. */
export function initAnalytics(id: string | null | undefined): void {
  const numeric = id ? Number(id) : NaN;
  if (Number.isInteger(numeric) && numeric > 0) {
    counterId = numeric;
    installCounter(numeric);
  } else {
    counterId = null;
    installStub();
  }
}

function ym(...args: unknown[]): void {
  if (!window.ym) installStub();
  window.ym?.(...args);
}

/** A goal of the counter; the callback runs once it is sent (at once with the stub). */
export function reachGoal(
  goal: string,
  params?: Record<string, unknown>,
  callback?: () => void,
): void {
  if (counterId === null) {
    callback?.();
    return;
  }
  ym(counterId, 'reachGoal', goal, params ?? {}, callback);
}

/** A page view of the SPA (Metrika is initialised with `defer`, so hits are ours to send). */
export function trackPageView(url: string, referer?: string): void {
  if (counterId === null) return;
  const scrubbedReferer = referer ? scrubUrl(referer) : undefined;
  ym(counterId, 'hit', scrubUrl(url), scrubbedReferer ? { referer: scrubbedReferer } : {});
}

/**
 * Query parameters that carry credentials or personal data (a password-reset token and its address, the
 * email confirmation token, the one-time sign-in code): they never leave for the analytics service.
 */
const PRIVATE_PARAMS = ['token', 'email', 'verified_token', 'usertoken', 'code', 'state'];

export function scrubUrl(url: string): string {
  try {
    const parsed = new URL(url);
    for (const name of PRIVATE_PARAMS) parsed.searchParams.delete(name);
    return parsed.toString();
  } catch {
    return url.split('?')[0] ?? url;
  }
}
