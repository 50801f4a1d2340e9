import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@contract/constants';
import { reloadAt } from './reload';
import { CHUNK_RELOAD_FLAG } from './storage-keys';

/** docs/ARCHITECTURE.md «Error codes»: a lazy chunk that failed to arrive, or did not arrive within 120 s. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(cause?: unknown) {
    super('Loading chunk failed', { cause });
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return (
    error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError')
  );
}

/** Rejects with 'Loading chunk failed' when the import has not settled within the timeout. */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

/**
 * A reload repairs a deploy that replaced the old chunks; a chunk that fails again soon after the reload
 * is broken for real. The flag holds the time of the last such reload, and is NOT cleared when some other
 * chunk arrives (the footer or the layout load fine while the page's own chunk keeps failing, which would
 * otherwise re-arm the reload and loop).
 */
const RELOAD_WINDOW_MS = 30_000;

function reloadedRecently(): boolean {
  try {
    const at = Number(window.sessionStorage.getItem(CHUNK_RELOAD_FLAG));
    return Number.isFinite(at) && at > 0 && Date.now() - at < RELOAD_WINDOW_MS;
  } catch {
    return true; // no storage: never risk a reload loop
  }
}

function writeFlag(on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(CHUNK_RELOAD_FLAG, String(Date.now()));
    else window.sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
  } catch {
    // Storage unavailable: reloadedRecently() already refuses to reload.
  }
}

let navigationTarget: () => string | null = () => null;

/** Lets the reload land where the parent was going (the router knows the pending navigation). */
export function setNavigationTarget(provider: () => string | null): void {
  navigationTarget = provider;
}

/**
 * Loads a lazy chunk. A failure reloads the page once (a new deploy replaced the old chunks); a failure
 * within 30 s of that reload surfaces as a ChunkLoadError (the error screen) instead of a reload loop.
 */
export async function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  try {
    return await withChunkTimeout(load, timeoutMs);
  } catch (error) {
    if (!reloadedRecently()) {
      writeFlag(true);
      reloadAt(navigationTarget());
      // Keep the router waiting while the page reloads.
      return new Promise<T>(() => undefined);
    }
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error);
  }
}

/** Allows the next chunk failure to reload again (the error screen's «Обновить страницу»). */
export function resetChunkReload(): void {
  writeFlag(false);
}

/** A route's `lazy` for a module default-exporting its page component. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await loadChunk(load);
    return { Component: module.default };
  };
}
