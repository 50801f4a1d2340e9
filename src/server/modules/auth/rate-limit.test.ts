import { describe, expect, it } from 'vitest';
import { MAX_WINDOWS, clientAddressKey, memoryRateLimitStore } from './rate-limit';

describe('memoryRateLimitStore', () => {
  it('counts hits in fixed windows', async () => {
    const store = memoryRateLimitStore();
    expect(await store.hit('a', 1000, 0)).toEqual({ count: 1, resetAt: 1000 });
    expect(await store.hit('a', 1000, 500)).toEqual({ count: 2, resetAt: 1000 });
    expect(await store.hit('a', 1000, 1000)).toEqual({ count: 1, resetAt: 2000 });
  });

  it('takes a hit back only within the window it was counted in', async () => {
    const store = memoryRateLimitStore();
    const first = await store.hit('a', 1000, 0);
    await store.hit('a', 1000, 0);
    await store.refund('a', first.resetAt, 10);
    expect((await store.hit('a', 1000, 20)).count).toBe(2);
    // A refund arriving after its window ended leaves the next window alone.
    const next = await store.hit('a', 1000, 1000);
    await store.refund('a', first.resetAt, 1001);
    expect((await store.hit('a', 1000, 1002)).count).toBe(next.count + 1);
  });

  it('stays bounded: expired windows go first, then the least recently hit', async () => {
    const store = memoryRateLimitStore({ maxWindows: 10 });
    for (let i = 0; i < 5; i += 1) await store.hit(`short-${i}`, 100, 0);
    for (let i = 0; i < 5; i += 1) await store.hit(`long-${i}`, 10_000, 0);
    await store.hit('long-0', 10_000, 50); // hit again: now the most recent

    // Full at t=200: the five expired windows make room, every live one survives.
    await store.hit('new-0', 10_000, 200);
    expect((await store.hit('long-0', 10_000, 300)).count).toBe(3);
    for (let i = 1; i < 5; i += 1)
      expect((await store.hit(`long-${i}`, 10_000, 300)).count).toBe(2);

    // Full again with nothing expired: the least recently hit go, down to 90 % of the cap.
    for (let i = 1; i < 5; i += 1) await store.hit(`new-${i}`, 10_000, 400);
    await store.hit('new-5', 10_000, 500); // drops new-0
    expect((await store.hit('new-0', 10_000, 600)).count).toBe(1); // drops long-0
    expect((await store.hit('long-1', 10_000, 700)).count).toBe(3);
    expect((await store.hit('long-0', 10_000, 800)).count).toBe(1);
  });

  it('drops the oldest windows once full, however many addresses call', async () => {
    const store = memoryRateLimitStore();
    for (let i = 0; i < MAX_WINDOWS * 2; i += 1) await store.hit(`ip-${i}`, 60_000, 0);
    // The newest are still counted; the oldest made room.
    expect((await store.hit(`ip-${MAX_WINDOWS * 2 - 1}`, 60_000, 1)).count).toBe(2);
    expect((await store.hit('ip-0', 60_000, 1)).count).toBe(1);
  });
});

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6 ones', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('groups IPv6 clients by their /64, however the address is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(clientAddressKey(ip), ip).toBe(key);
    }
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('passes anything else through', () => {
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey('not-an-address')).toBe('not-an-address');
  });
});
