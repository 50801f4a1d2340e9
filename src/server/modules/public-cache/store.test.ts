import { describe, expect, it } from 'vitest';
import { createCacheStore } from './store';

describe('an answer found without loading', () => {
  it('is there only once loaded, and only while current', async () => {
    let now = 1_000;
    const store = createCacheStore({ maxEntries: 10, now: () => now });
    let release: (body: { n: number }) => void = () => undefined;
    const loading = store.get(
      'k',
      () => new Promise<{ n: number }>((resolve) => (release = resolve)),
      JSON.stringify,
      500,
    );
    expect(store.answer('k')).toBeUndefined();
    release({ n: 1 });
    const cached = await loading;
    expect(store.answer('k')).toBe(cached);
    expect(store.answer('k')?.key).toBe('k');
    now += 499;
    expect(store.answer('k')).toBe(cached);
    now += 1;
    expect(store.answer('k')).toBeUndefined();
  });

  it('is gone once the store is cleared, and a failed load leaves nothing', async () => {
    const store = createCacheStore({ maxEntries: 10 });
    await store.get('k', async () => ({ n: 1 }), JSON.stringify, 60_000);
    store.clear();
    expect(store.answer('k')).toBeUndefined();
    await expect(
      store.get('bad', () => Promise.reject(new Error('down')), JSON.stringify, 60_000),
    ).rejects.toThrow('down');
    expect(store.answer('bad')).toBeUndefined();
  });
});
