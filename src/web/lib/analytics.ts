type YmFunction = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: YmFunction;
  }
}

let counterId: number | null = null;

/** CONTRACTS §5: no counter configured → a silent `ym` that still calls a callback given from the 4th argument on. */
function installStub(): void {
  window.ym = (...args: unknown[]) => {
    const callback = args.slice(3).find((arg): arg is () => void => typeof arg === 'function');
    callback?.();
  };
}

/** CONTRACTS §5: the `ym` queue, the async tag.js and `init`. */
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
  ym(counterId, 'hit', url, referer ? { referer } : {});
}
