// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@contract/constants';
import { ChunkLoadError, loadChunk, withChunkTimeout } from './chunk';
import { CHUNK_RELOAD_FLAG } from './storage-keys';
import { reloadAt } from './reload';

vi.mock('./reload', () => ({ reloadPage: vi.fn(), reloadAt: vi.fn() }));

const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('lazy chunks', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.mocked(reloadAt).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives up after 120 s with 'Loading chunk failed'", async () => {
    vi.useFakeTimers();
    const never = withChunkTimeout(() => new Promise<never>(() => undefined));
    const outcome = expect(never).rejects.toThrow('Loading chunk failed');
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('reloads the page once on the first failure and keeps the router waiting', async () => {
    let settled = false;
    void loadChunk(failing).finally(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(reloadAt).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).not.toBeNull();
    expect(settled).toBe(false);
  });

  it('does not reload again soon after a reload: the error reaches the error screen', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, String(Date.now() - 1000));
    await expect(loadChunk(failing)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reloadAt).not.toHaveBeenCalled();
  });

  it('another chunk arriving after the reload does not re-arm it (no reload loop)', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, String(Date.now()));
    await expect(loadChunk(() => Promise.resolve({ default: 'footer' }))).resolves.toEqual({
      default: 'footer',
    });
    await expect(loadChunk(failing)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reloadAt).not.toHaveBeenCalled();
  });

  it('a reload long ago (a later deploy) may reload once more', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, String(Date.now() - 60_000));
    void loadChunk(failing);
    await vi.waitFor(() => expect(reloadAt).toHaveBeenCalledTimes(1));
  });
});
