import { describe, expect, it } from 'vitest';
import { accessEnd, roadVariant, variantsOf } from './downloads';

const day = (n: number) => new Date(Date.UTC(2026, 10, n));

describe('how long kept lessons may stay', () => {
  it('runs to the end of the period in force and of those paid to follow it without a gap', () => {
    const now = day(5);
    expect(accessEnd([], now)).toBeNull();
    expect(accessEnd([{ startsAt: day(1), endsAt: day(4) }], now)).toBeNull();
    expect(accessEnd([{ startsAt: day(1), endsAt: day(8) }], now)).toEqual(day(8));
    // A renewal from the end, and a gift activated after it: the access goes on.
    expect(
      accessEnd(
        [
          { startsAt: day(8), endsAt: day(15) },
          { startsAt: day(1), endsAt: day(8) },
          { startsAt: day(15), endsAt: day(22) },
        ],
        now,
      ),
    ).toEqual(day(22));
    // A gap ends it.
    expect(
      accessEnd(
        [
          { startsAt: day(1), endsAt: day(8) },
          { startsAt: day(9), endsAt: day(15) },
        ],
        now,
      ),
    ).toEqual(day(8));
  });
});

describe('the rendition kept for the road', () => {
  const master = [
    '#EXTM3U',
    '#EXT-X-STREAM-INF:BANDWIDTH=2825900,RESOLUTION=1280x720,CODECS="avc1.640028,mp4a.40.2"',
    '720p.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=1405900,RESOLUTION=960x540,CODECS="avc1.64001f,mp4a.40.2"',
    '540p.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=515900,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"',
    '360p.m3u8',
  ].join('\n');

  it('is the tallest up to 540p, or the smallest when all are taller', () => {
    const variants = variantsOf(master);
    expect(variants.map((v) => v.uri)).toEqual(['720p.m3u8', '540p.m3u8', '360p.m3u8']);
    expect(roadVariant(variants)).toEqual({ uri: '540p.m3u8', height: 540, bandwidth: 1405900 });
    expect(roadVariant(variants.filter((v) => v.height > 540))?.uri).toBe('720p.m3u8');
    expect(roadVariant([])).toBeNull();
  });

  it('never names a file outside the ladder', () => {
    expect(variantsOf('#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=2x2\n../secret.m3u8')).toEqual([]);
  });
});
