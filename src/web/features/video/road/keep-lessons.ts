// Keeps a week's lessons in the app for the road: for each lesson the one rendition the server chose, its
// poster and subtitles go into the kept lessons' cache (src/web/lib/kept-lessons.ts), fetched through the
// signed links of GET /profile/lessons/downloads. A lesson counts as kept once its playlist is stored,
// last; a download stopped half-way goes on from the segments already stored.
import type { Child } from '@contract/api/auth';
import type { DownloadableLesson, LessonDownloads } from '@contract/api/lessons';
import { KEPT_CACHE } from '../../../sw/routing';
import {
  KEEPING_LOCK,
  keptUrl,
  readPacks,
  savePack,
  type KeptLesson,
  type KeptPack,
} from '../../../lib/kept-lessons';
import { keptPlaylist, segmentsOf } from './playlists';

/** Segments fetched at once: enough to fill a line, few enough not to starve a page playing beside. */
const PARALLEL = 3;

export type KeepFailure =
  /** The connection broke: what is stored stays, «Продолжить» goes on from there. */
  | 'network'
  /** The device (or the browser's share of it) is full. */
  | 'no_space'
  /** The signed links ran out (a very long download): the caller asks for new ones and goes on. */
  | 'links_expired'
  /** The server refused a file for another reason. */
  | 'refused'
  /** The grown-up pressed «Остановить». */
  | 'stopped';

export class KeepError extends Error {
  constructor(readonly reason: KeepFailure) {
    super(reason);
    this.name = 'KeepError';
  }
}

export interface KeepProgress {
  /** Bytes stored so far, of about `total`. */
  done: number;
  total: number;
}

function failureOf(error: unknown): KeepError {
  if (error instanceof KeepError) return error;
  if (error instanceof DOMException && error.name === 'QuotaExceededError')
    return new KeepError('no_space');
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  return new KeepError('network');
}

async function fetched(url: string, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (response.status === 403) throw new KeepError('links_expired');
  if (!response.ok) throw new KeepError('refused');
  return response;
}

/** Stores `body` at `key`; its size is what it takes. */
async function store(cache: Cache, key: string, body: Blob, type: string): Promise<number> {
  await cache.put(
    key,
    new Response(body, { headers: { 'content-type': type, 'content-length': String(body.size) } }),
  );
  return body.size;
}

async function keepOne(
  cache: Cache,
  lesson: DownloadableLesson,
  signal: AbortSignal,
  stored: (bytes: number) => void,
): Promise<KeptLesson> {
  let bytes = 0;
  const add = (size: number) => {
    bytes += size;
    stored(size);
  };
  // Files of another ladder or rendition (a replaced video) are not this lesson's: they go first.
  const marker = await cache.match(keptUrl.version(lesson.id));
  if (!marker || (await marker.text()) !== lesson.version) {
    const folder = keptUrl.folder(lesson.id);
    for (const request of await cache.keys())
      if (new URL(request.url).pathname.startsWith(folder)) await cache.delete(request);
    await cache.put(keptUrl.version(lesson.id), new Response(lesson.version));
  }
  const playlistUrl = new URL(lesson.playlist, new URL(lesson.hls_url, window.location.href)).href;
  const playlist = await (await fetched(playlistUrl, signal)).text();
  const segments = segmentsOf(playlist, playlistUrl);
  let next = 0;
  // One failure stops the others: nothing more is written once the download has stopped.
  let failed = false;
  const worker = async () => {
    while (next < segments.length && !failed) {
      const index = next;
      next += 1;
      const key = keptUrl.segment(lesson.id, index);
      const have = await cache.match(key);
      if (have) {
        add(Number(have.headers.get('content-length') ?? 0));
        continue;
      }
      try {
        const body = await (await fetched(segments[index] ?? '', signal)).blob();
        add(await store(cache, key, body, 'video/mp2t'));
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, segments.length) }, worker));

  const poster = await fetched(lesson.poster, signal);
  add(
    await store(
      cache,
      keptUrl.poster(lesson.id),
      await poster.blob(),
      poster.headers.get('content-type') ?? 'image/jpeg',
    ),
  );
  if (lesson.subtitles) {
    const vtt = await (await fetched(lesson.subtitles, signal)).blob();
    add(await store(cache, keptUrl.subtitles(lesson.id), vtt, 'text/vtt; charset=utf-8'));
  }
  const folder = keptUrl.folder(lesson.id);
  const local = keptPlaylist(playlist, (i) => keptUrl.segment(lesson.id, i).slice(folder.length));
  add(
    await store(
      cache,
      keptUrl.playlist(lesson.id),
      new Blob([local]),
      'application/vnd.apple.mpegurl',
    ),
  );
  return {
    id: lesson.id,
    title: lesson.title,
    position: lesson.position,
    duration_seconds: lesson.duration_seconds,
    height: lesson.height,
    bytes,
    has_subtitles: lesson.subtitles !== null,
    progress: lesson.progress,
  };
}

/** Runs `task` holding the keeping lock where the browser has Web Locks (kept-lessons.ts tidyKept). */
function holdingLock<T>(task: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return task();
  return navigator.locks.request(KEEPING_LOCK, task) as Promise<T>;
}

/**
 * Keeps the plan's lessons for `child`; the pack is saved after every lesson, so what was kept stays kept
 * when the rest fails. Throws a KeepError saying why it stopped.
 */
export function keepLessons(options: {
  plan: LessonDownloads;
  child: Child;
  userId: number;
  signal: AbortSignal;
  onProgress: (progress: KeepProgress) => void;
}): Promise<KeptPack> {
  const { plan, child, userId, signal, onProgress } = options;
  return holdingLock(async () => {
    // Asked once: a browser that grants it evicts the kept lessons only when the parent clears them.
    void navigator.storage?.persist?.().catch(() => false);
    const total = plan.lessons.reduce((sum, lesson) => sum + lesson.size_bytes, 0);
    let done = 0;
    onProgress({ done, total });
    // The plan names the lessons to fetch now; those kept before of the same week stay.
    const earlier = readPacks().find((p) => p.child.id === child.id && p.week === plan.week);
    const pack: KeptPack = {
      user_id: userId,
      child,
      week: plan.week,
      saved_at: new Date().toISOString(),
      expires_at: plan.expires_at,
      // What an earlier keeping of this week stored stays kept while the rest comes.
      lessons: earlier?.lessons ?? [],
    };
    try {
      const cache = await caches.open(KEPT_CACHE);
      for (const lesson of plan.lessons) {
        const kept = await keepOne(cache, lesson, signal, (bytes) => {
          done += bytes;
          onProgress({ done, total: Math.max(total, done) });
        });
        // Progress watched offline since an earlier keeping is not taken back by the server's older one.
        const before = earlier?.lessons.find((l) => l.id === lesson.id)?.progress;
        if (before && before.watched_seconds > kept.progress.watched_seconds)
          kept.progress = before;
        pack.lessons = [...pack.lessons.filter((l) => l.id !== kept.id), kept].sort(
          (a, b) => a.position - b.position,
        );
        savePack(pack);
      }
      return pack;
    } catch (error) {
      throw failureOf(error);
    }
  });
}
