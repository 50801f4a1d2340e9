// Rate limits count in fixed windows (plugins/rate-limit.ts). A test that makes `max` calls and expects the
// next to be refused fails now and then when its calls straddle a window's end: the count starts again and
// the extra call passes. Such a test starts just after a window opens, with only Date faked (timers and
// I/O run as usual). The caller restores real time with vi.useRealTimers() in afterEach.
import { vi } from 'vitest';

export function startAtRateWindowOpening(windowMs: number): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / windowMs) * windowMs + 1_000 });
}
