import { describe, expect, it } from 'vitest';
import { keptPlaylist, segmentsOf } from './playlists';

const SERVED = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-TARGETDURATION:2',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXTINF:2.000000,',
  '/lesson-media/hls/a/540p_000.ts?expires=1&signature=x',
  '#EXTINF:1.500000,',
  'https://bucket.example/hls/a/540p_001.ts?X-Amz-Signature=y',
  '#EXT-X-ENDLIST',
  '',
].join('\n');
const AT = 'https://umnyashki.ru/lesson-hls/7/123-abc/540p.m3u8';

describe('a rendition kept for the road', () => {
  it('lists the segments’ addresses in order, the site’s own and a bucket’s', () => {
    expect(segmentsOf(SERVED, AT)).toEqual([
      'https://umnyashki.ru/lesson-media/hls/a/540p_000.ts?expires=1&signature=x',
      'https://bucket.example/hls/a/540p_001.ts?X-Amz-Signature=y',
    ]);
  });

  it('names each segment by its place and keeps every tag, so it plays the same', () => {
    const kept = keptPlaylist(SERVED, (i) => `seg_${i}.ts`);
    expect(kept.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXTINF:2.000000,',
      'seg_0.ts',
      '#EXTINF:1.500000,',
      'seg_1.ts',
      '#EXT-X-ENDLIST',
      '',
    ]);
  });
});
