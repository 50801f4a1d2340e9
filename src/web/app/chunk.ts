import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@contract/constants';
import { reloadAt } from '../lib/reload';
import { CHUNK_RELOAD_FLAG } from '../lib/storage-keys';

/** SPEC §8: a lazy chunk that failed to arrive, or did not arrive within 120 s. */
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

function readFlag(): boolean {
  try {
    return window.sessionStorage.getItem(CHUNK_RELOAD_FLAG) !== null;
  } catch {
    return true; // no storage: never risk a reload loop
  }
}

function writeFlag(on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(CHUNK_RELOAD_FLAG, String(Date.now()));
    else window.sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
  } catch {
    // Storage unavailable: readFlag() already refuses to reload.
  }
}

let navigationTarget: () => string | null = () => null;

/** Lets the reload land where the parent was going (the router knows the pending navigation). */
export function setNavigationTarget(provider: () => string | null): void {
  navigationTarget = provider;
}

/**
 * Loads a lazy chunk. The first failure reloads the page once (a new deploy replaced the old chunks);
 * the session flag makes sure a second failure surfaces as a ChunkLoadError instead of a reload loop.
 */
export async function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  try {
    const module = await withChunkTimeout(load, timeoutMs);
    writeFlag(false);
    return module;
  } catch (error) {
    if (!readFlag()) {
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
