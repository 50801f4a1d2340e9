// Lessons for the road: which of a child's open lessons of this week the app may keep, one rendition of
// each, and until when (docs/OFFLINE-LESSONS.md). The app fetches the files through the
// signed links given here, as the player would; nothing is served for keeping that is not open to watch.
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { LessonDownloads, DownloadableLesson } from '@contract/api/lessons';
import type { Database } from '../../db/client';
import { lessons } from '../../db/schema/index';
import type { Clock } from '../../deps';
import type { MediaStore } from '../../integrations/storage/store';
import type { PublicCache } from '../public-cache';
import { laddersOf } from '../media';
import { activeSubscription, type Period } from './access';
import { familyFacts } from './facts';
import { hlsMasterUrl } from './hls-links';
import { listLessons } from './service';

/** At the latest, kept lessons are deleted this long after they were fetched. */
export const DOWNLOAD_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The links live long enough for a week's lessons on a slow line; the app asks again after that. */
export const DOWNLOAD_LINK_TTL_SECONDS = 2 * 60 * 60;
/**
 * The tallest rendition kept for the road: a phone's screen in a car shows 540p well, and a lesson of
 * 10 minutes takes about 100 MB at 540p against 200 at 720p.
 */
export const DOWNLOAD_MAX_HEIGHT = 540;

export interface Variant {
  /** The rendition's playlist as the master names it. */
  uri: string;
  height: number;
  /** The master's BANDWIDTH, bits per second. */
  bandwidth: number;
}

/** The master playlist's renditions. */
export function variantsOf(master: string): Variant[] {
  const lines = master.split(/\r?\n/).map((line) => line.trim());
  const variants: Variant[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(index + 1).find((next) => next !== '' && !next.startsWith('#'));
    const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1]);
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1]);
    if (uri && /^[a-z0-9_]+\.m3u8$/.test(uri) && bandwidth > 0 && height > 0)
      variants.push({ uri, height, bandwidth });
  });
  return variants;
}

/** The tallest rendition up to DOWNLOAD_MAX_HEIGHT, or the smallest when all are taller. */
export function roadVariant(variants: readonly Variant[]): Variant | null {
  const byHeight = [...variants].sort((a, b) => a.height - b.height);
  const fitting = byHeight.filter((v) => v.height <= DOWNLOAD_MAX_HEIGHT);
  return fitting.at(-1) ?? byHeight[0] ?? null;
}

/**
 * Where the family's subscription runs to from now: the period in force and every period that follows it
 * with no gap (a renewal already paid, a gift activated after it); null without one in force.
 */
export function accessEnd(periods: readonly Period[], now: Date): Date | null {
  let end = activeSubscription(periods, now)?.endsAt ?? null;
  for (;;) {
    const reached = end;
    if (!reached) return null;
    const next = periods.find((p) => p.startsAt <= reached && p.endsAt > reached);
    if (!next) return reached;
    end = next.endsAt;
  }
}

interface Options {
  db: Database;
  clock: Clock;
  media: MediaStore;
  hlsSecret: string;
  catalogue: PublicCache['catalogue'];
  userId: number;
  childId: number;
}

export async function listDownloads(options: Options): Promise<LessonDownloads> {
  const { db, clock, media, hlsSecret, userId, childId } = options;
  const now = clock();
  // The lessons page's own rule: the child's current week, what is open of it (someone else's child: 404).
  const page = await listLessons({ ...options, query: { child_id: childId, type: 'main' } });
  const open = page.lessons.filter((lesson) => lesson.available);
  const rows = open.length
    ? await db
        .select({
          id: lessons.id,
          videoKey: lessons.videoKey,
          posterKey: lessons.posterKey,
          subtitlesKey: lessons.subtitlesKey,
        })
        .from(lessons)
        .where(
          inArray(
            lessons.id,
            open.map((lesson) => lesson.id),
          ),
        )
    : [];
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  const ladders = await laddersOf(
    db,
    rows.map((row) => row.videoKey),
  );
  // Every link of a download lives as long as the download may take.
  const sign = (key: string) => media.signedUrl(key, DOWNLOAD_LINK_TTL_SECONDS, now);

  const kept: DownloadableLesson[] = [];
  let notReady = 0;
  for (const lesson of open) {
    const row = rowOf.get(lesson.id);
    const ladder = row && ladders.get(row.videoKey);
    // A ladder that failed will not come by waiting: the lesson is left out, not promised for later.
    if (!row || ladder?.state === 'failed') continue;
    const master =
      ladder?.state === 'ready' ? await media.read(`${ladder.folder}/master.m3u8`) : null;
    const variant = master ? roadVariant(variantsOf(master.toString('utf8'))) : null;
    if (!ladder || !variant) {
      notReady += 1;
      continue;
    }
    kept.push({
      id: lesson.id,
      title: lesson.title,
      position: lesson.position,
      week: lesson.week,
      duration_seconds: lesson.duration_seconds,
      poster: await sign(row.posterKey),
      subtitles: await sign(row.subtitlesKey),
      // The kept files are of this ladder and rendition: a replaced video or another rendition is new.
      version: createHash('sha256')
        .update(`${ladder.folder}\n${variant.uri}`)
        .digest('hex')
        .slice(0, 12),
      hls_url: hlsMasterUrl(hlsSecret, lesson.id, ladder.folder, DOWNLOAD_LINK_TTL_SECONDS, now),
      playlist: variant.uri,
      height: variant.height,
      size_bytes: Math.ceil(
        (variant.bandwidth * (ladder.durationSeconds ?? lesson.duration_seconds)) / 8,
      ),
      progress: lesson.progress,
    });
  }

  // The family's access ends with its subscription in force and those paid to follow it; previews and
  // bought weeks have no end of their own, so the 14 days hold for them.
  const latest = new Date(now.getTime() + DOWNLOAD_DAYS * DAY_MS);
  const end = accessEnd((await familyFacts(db, userId, now)).periods, now);
  const expires = end && end < latest ? end : latest;
  return {
    child_id: childId,
    week: page.week,
    expires_at: expires.toISOString(),
    lessons: kept,
    not_ready: notReady,
  };
}
