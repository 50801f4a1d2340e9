// A lesson video becomes an HLS ladder in the background (the media.transcode job, real ffmpeg on a cut of
// a demo video), the lessons page then gives its master playlist as a signed link scoped to the lesson,
// and only such links open the playlists, subtitles and segments.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LessonDownloads, LessonsPage } from '@contract/api/lessons';
import { lessons, videoLadders } from '../../db/schema/index';
import { DEMO_MEDIA_DIR } from '../../integrations/storage/default-store';
import { transcodeHandlers } from '../../jobs/handlers';
import { runDueJobs } from '../../jobs/runner';
import { bearer } from '../../testing/accounts';
import { DAY, learningWorld } from '../../testing/learning';
import { BROKEN_VIDEO, queueTranscode } from '../media';
import { videoStatusOf } from './video-status';

const world = learningWorld();
const run = `hls-${randomBytes(4).toString('hex')}`;
const clipKey = `lessons/${run}/clip.webm`;
const folder = `hls/lessons/${run}/clip`;
let firstId = 0;
let secondId = 0;

const ffprobe = (path: string, entries: string) =>
  execFileSync('ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'json', path], {
    encoding: 'utf8',
  });

async function openLessons(token: string, childId: number) {
  const res = await world.app.inject({
    url: `/api/profile/lessons?child_id=${childId}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LessonsPage }>().data.lessons;
}

const transcode = () =>
  runDueJobs(
    { db: world.db, config: world.config, clock: world.time.clock, media: world.media },
    { handlers: transcodeHandlers },
  );

beforeAll(async () => {
  // 12 seconds of a demo lesson (VP9, 640×360, no sound): six 2-second segments per rendition.
  const dir = mkdtempSync(join(tmpdir(), 'hls-clip-'));
  const clip = join(dir, 'clip.webm');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-i',
    join(DEMO_MEDIA_DIR, 'four-five-w1-l1.webm'),
    '-t',
    '12',
    '-c',
    'copy',
    clip,
  ]);
  await world.media.putFile(clipKey, clip, 'video/webm');
  // The program's first lesson (open to any family) and the next one show the clip.
  const rows = await world.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.code, 'four-five-w1-l1'));
  firstId = rows[0]?.id ?? 0;
  secondId = await world.lessonId('four-five-w1-l2');
  for (const id of [firstId, secondId]) {
    await world.db.update(lessons).set({ videoKey: clipKey }).where(eq(lessons.id, id));
  }
});

describe('a lesson video becomes an HLS ladder', () => {
  it('plays its original file until the ladder is ready, then gives the master playlist too', async () => {
    const f = await world.family();
    const before = await openLessons(f.token, f.childId);
    const first = before.find((l) => l.id === firstId);
    expect(first?.video.url).toMatch(new RegExp(`^/lesson-media/${clipKey}\\?expires=`));
    expect(first?.video.hls_url).toBeNull();

    expect(await queueTranscode(world.db, clipKey)).toBe(true);
    expect(await queueTranscode(world.db, clipKey)).toBe(false);
    const summary = await transcode();
    expect(summary).toEqual({ done: 1, retried: 0, failed: 0 });
    const [ladder] = await world.db
      .select()
      .from(videoLadders)
      .where(eq(videoLadders.sourceKey, clipKey));
    expect(ladder).toMatchObject({ state: 'ready', progress: 100, folder, durationSeconds: 12 });
    expect(videoStatusOf(ladder)).toEqual({ state: 'ready', progress: 100, message: 'Готово' });

    const after = await openLessons(f.token, f.childId);
    const ready = after.find((l) => l.id === firstId);
    expect(ready?.video.url).toBe(first?.video.url);
    expect(ready?.video.hls_url).toMatch(
      new RegExp(`^/lesson-hls/${firstId}/\\d+-[\\w-]{43}/master\\.m3u8$`),
    );
    // A closed lesson gets no link to either.
    const closed = after.find((l) => l.id === secondId);
    expect(closed?.available).toBe(false);
    expect(closed?.video.hls_url).toBeNull();
  });

  it('writes three H.264 + AAC renditions in 2–6 s segments and a master that names them', () => {
    const dir = join(world.config.dataDir, 'media', folder);
    const master = readFileSync(join(dir, 'master.m3u8'), 'utf8');
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)];
    expect(variants).toHaveLength(3);
    const heights: number[] = [];
    for (const [, attributes = '', uri = ''] of variants) {
      expect(attributes).toMatch(/BANDWIDTH=\d+/);
      expect(attributes).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
      const [, width = '0', height = '0'] = /RESOLUTION=(\d+)x(\d+)/.exec(attributes) ?? [];
      heights.push(Number(height));
      // Never above the source's 640×360.
      expect(Number(width)).toBeLessThanOrEqual(640);
      const playlist = readFileSync(join(dir, uri), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
      expect(durations.length).toBeGreaterThanOrEqual(2);
      for (const d of durations.slice(0, -1)) {
        expect(d).toBeGreaterThanOrEqual(2);
        expect(d).toBeLessThanOrEqual(6);
      }
      const segment = playlist.split('\n').find((l) => l.endsWith('.ts')) ?? '';
      const probed = JSON.parse(
        ffprobe(join(dir, segment), 'stream=codec_name,codec_type,height,profile'),
      ) as { streams: { codec_name: string; codec_type: string; height?: number }[] };
      expect(probed.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
      expect(probed.streams.find((s) => s.codec_type === 'video')?.height).toBe(Number(height));
    }
    expect(heights).toEqual([360, 270, 180]);
    expect(readdirSync(dir).filter((n) => n.endsWith('.ts')).length).toBe(18);
  });
});

describe('signed HLS links', () => {
  async function masterUrl() {
    const f = await world.family();
    const lesson = (await openLessons(f.token, f.childId)).find((l) => l.id === firstId);
    const url = lesson?.video.hls_url;
    if (!url) throw new Error('no HLS link');
    return url;
  }
  const get = (url: string) => world.app.inject({ url });

  it('open the master, the renditions, their segments and the subtitles with the right types', async () => {
    const url = await masterUrl();
    const master = await get(url);
    expect(master.statusCode, master.body).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(master.body).toContain(
      'TYPE=SUBTITLES,GROUP-ID="subs",NAME="Русские",LANGUAGE="ru",DEFAULT=YES',
    );
    expect(master.body).toMatch(/SUBTITLES="subs"\n360p\.m3u8/);

    const base = url.slice(0, url.lastIndexOf('/') + 1);
    const rendition = await get(`${base}270p.m3u8`);
    expect(rendition.statusCode).toBe(200);
    const segments = rendition.body.split('\n').filter((l) => l.startsWith('/lesson-media/'));
    expect(segments).toHaveLength(6);
    expect(segments[0]).toMatch(
      new RegExp(`^/lesson-media/${folder}/270p_000\\.ts\\?expires=\\d+&signature=`),
    );
    const segment = await get(segments[0] ?? '');
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const subtitles = await get(`${base}subtitles.m3u8`);
    expect(subtitles.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(subtitles.body).toContain('#EXTINF:12.000,\nsubtitles.vtt');
    const vtt = await get(`${base}subtitles.vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toMatch(/^WEBVTT.*\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n/);
  });

  it('refuse a tampered, expired or other lesson’s token with 403 and the error shape', async () => {
    const url = await masterUrl();
    const [, , token = ''] = url.split('/').filter(Boolean);
    const refused = async (target: string, message: string) => {
      const res = await get(target);
      expect(res.statusCode, target).toBe(403);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ code: 'forbidden', message, errors: { error: [message] } });
    };
    const invalid = 'Ссылка на видео недействительна';
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    await refused(url.replace(token, `${token.slice(0, -1)}${last}`), invalid);
    // A later expiry with the old signature.
    const expires = Number(token.split('-')[0]);
    await refused(url.replace(`${expires}-`, `${expires + 3600}-`), invalid);
    // The second lesson shows the same video, but the token was made for the first.
    await refused(url.replace(`/lesson-hls/${firstId}/`, `/lesson-hls/${secondId}/`), invalid);
    // A segment link edited to another segment.
    const rendition = await get(url.replace('master.m3u8', '360p.m3u8'));
    const segment = rendition.body.split('\n').find((l) => l.startsWith('/lesson-media/')) ?? '';
    const edited = await get(segment.replace('360p_000.ts', '360p_001.ts'));
    expect(edited.statusCode).toBe(403);
    expect(edited.json<{ code: string }>().code).toBe('forbidden');

    world.time.advance(DAY);
    await refused(url, 'Ссылка на видео устарела: обновите страницу');
    const stale = await get(segment);
    expect(stale.statusCode).toBe(403);
  });
});

describe('lessons for the road', () => {
  async function downloads(token: string, childId: number) {
    const res = await world.app.inject({
      url: `/api/profile/lessons/downloads?child_id=${childId}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: LessonDownloads }>().data;
  }
  const days = (from: Date, iso: string) => (Date.parse(iso) - from.getTime()) / DAY;

  it('gives the week’s open lessons with a ladder, one rendition each, until the trial ends', async () => {
    const f = await world.family();
    await world.startTrial(f);
    const now = world.time.clock();
    const plan = await downloads(f.token, f.childId);
    expect(plan.week).toBe(1);
    expect(plan.lessons.map((l) => l.id)).toEqual([firstId, secondId]);
    // The week's other lessons are open but their videos have no ladder in this test.
    const open = (await openLessons(f.token, f.childId)).filter((l) => l.available);
    expect(plan.not_ready).toBe(open.length - 2);
    // The 640×360 clip's ladder is 360p, 270p and 180p: the tallest up to 540p is kept.
    const [first] = plan.lessons;
    expect(first).toMatchObject({ playlist: '360p.m3u8', height: 360, week: 1 });
    expect(first?.version).toMatch(/^[0-9a-f]{12}$/);
    // Its declared bitrate times 12 seconds: a few hundred kilobytes, not the source's size.
    expect(first?.size_bytes).toBeGreaterThan(100_000);
    expect(first?.size_bytes).toBeLessThan(2_000_000);
    // The trial is seven days: the family's access ends before the 14 days do.
    expect(days(now, plan.expires_at)).toBeCloseTo(7, 1);
    // The links open the master and the kept rendition, whose segments are then fetched.
    const master = await world.app.inject({ url: first?.hls_url ?? '' });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('\n360p.m3u8');
    const rendition = await world.app.inject({
      url: (first?.hls_url ?? '').replace('master.m3u8', first?.playlist ?? ''),
    });
    expect(rendition.body.split('\n').filter((l) => l.startsWith('/lesson-media/'))).toHaveLength(
      6,
    );
  });

  it('keeps them 14 days at most under a longer subscription', async () => {
    const f = await world.family();
    await world.buySubscription(f, 60);
    const plan = await downloads(f.token, f.childId);
    expect(plan.lessons.map((l) => l.id)).toEqual([firstId, secondId]);
    expect(days(world.time.clock(), plan.expires_at)).toBeCloseTo(14, 1);
  });

  it('offers a family without a subscription only the free first lesson', async () => {
    const f = await world.family();
    const plan = await downloads(f.token, f.childId);
    expect(plan.lessons.map((l) => l.id)).toEqual([firstId]);
    expect(plan.not_ready).toBe(0);
    expect(days(world.time.clock(), plan.expires_at)).toBeCloseTo(14, 1);
  });

  it('knows no other family’s child and names a wrong id in Russian', async () => {
    const mine = await world.family();
    const theirs = await world.family();
    const other = await world.app.inject({
      url: `/api/profile/lessons/downloads?child_id=${theirs.childId}`,
      headers: bearer(mine.token),
    });
    expect(other.statusCode).toBe(404);
    const wrong = await world.app.inject({
      url: '/api/profile/lessons/downloads?child_id=abc',
      headers: bearer(mine.token),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'validation_failed', message: 'Ребёнок не найден' });
  });
});

describe('a broken file', () => {
  it('fails its ladder with a clear Russian message and the lesson keeps its original file', async () => {
    const key = `lessons/${run}/broken.mp4`;
    await world.media.put(key, randomBytes(4096), 'video/mp4');
    await queueTranscode(world.db, key);
    expect(await transcode()).toEqual({ done: 0, retried: 0, failed: 1 });
    const [ladder] = await world.db
      .select()
      .from(videoLadders)
      .where(eq(videoLadders.sourceKey, key));
    expect(ladder).toMatchObject({ state: 'failed', error: BROKEN_VIDEO });
    expect(videoStatusOf(ladder)).toEqual({ state: 'failed', progress: 0, message: BROKEN_VIDEO });
    expect(videoStatusOf({ state: 'running', progress: 40, error: null }).message).toBe(
      'Готовим видео: 40\u00a0%',
    );
  });
});
