// Lessons kept for the road (docs/OFFLINE-LESSONS.md): what was kept, for which child and
// until when, in local storage; the files themselves in the kept lessons' cache, which the service worker
// answers (src/web/sw/routing.ts). In lib/ because more than the video page forgets them: signing out and
// every start of the app, which deletes what has expired.
import type { Child } from '@contract/api/auth';
import { KEPT_CACHE, KEPT_HEADER, KEPT_PREFIX } from '../sw/routing';
import { readList, removeStorage, writeList } from './storage-keys';

export const KEPT_STORAGE_KEY = 'kept_lessons';

export interface KeptLesson {
  id: number;
  title: string;
  position: number;
  duration_seconds: number;
  /** The kept rendition's height (e.g. 540). */
  height: number;
  /** Bytes stored for it: segments, playlist, poster and subtitles. */
  bytes: number;
  has_subtitles: boolean;
  /** Where the child stopped, as last known; moves forward as it is watched offline. */
  progress: { watched_seconds: number; completed: boolean };
}

/** One child's lessons of one week. */
export interface KeptPack {
  /** The parent's account that kept them: another account signing in on this device never sees them. */
  user_id: number;
  child: Child;
  week: number | null;
  /** ISO: when they were kept. */
  saved_at: string;
  /** ISO: when they are deleted — the end of the family's access, 14 days at the latest. */
  expires_at: string;
  lessons: KeptLesson[];
}

/** The addresses of a kept lesson's files: the worker answers them from the kept cache. */
export const keptUrl = {
  folder: (lessonId: number) => `${KEPT_PREFIX}${lessonId}/`,
  playlist: (lessonId: number) => `${KEPT_PREFIX}${lessonId}/video.m3u8`,
  segment: (lessonId: number, index: number) =>
    `${KEPT_PREFIX}${lessonId}/seg_${String(index).padStart(4, '0')}.ts`,
  poster: (lessonId: number) => `${KEPT_PREFIX}${lessonId}/poster`,
  subtitles: (lessonId: number) => `${KEPT_PREFIX}${lessonId}/subtitles.vtt`,
  /** Which ladder and rendition the stored files are of. */
  version: (lessonId: number) => `${KEPT_PREFIX}${lessonId}/version`,
};

function isPack(value: unknown): value is KeptPack {
  if (typeof value !== 'object' || value === null) return false;
  const pack = value as Partial<KeptPack>;
  return (
    typeof pack.user_id === 'number' &&
    typeof pack.child?.id === 'number' &&
    typeof pack.expires_at === 'string' &&
    Array.isArray(pack.lessons)
  );
}

export function readPacks(): KeptPack[] {
  return readList(KEPT_STORAGE_KEY, isPack);
}

function writePacks(packs: readonly KeptPack[]): void {
  writeList(KEPT_STORAGE_KEY, packs);
}

/** The pack of one child, replacing the child's earlier one. */
export function savePack(pack: KeptPack): void {
  writePacks([...readPacks().filter((p) => p.child.id !== pack.child.id), pack]);
}

/** Moves a kept lesson's progress forward (watched offline); no pack, no change. */
export function advanceKeptProgress(
  childId: number,
  lessonId: number,
  progress: { watched_seconds: number; completed: boolean },
): void {
  const packs = readPacks();
  const pack = packs.find((p) => p.child.id === childId);
  const lesson = pack?.lessons.find((l) => l.id === lessonId);
  if (!lesson) return;
  lesson.progress = {
    watched_seconds: Math.max(lesson.progress.watched_seconds, progress.watched_seconds),
    completed: lesson.progress.completed || progress.completed,
  };
  writePacks(packs);
}

/** A child's pack is kept until `expiresAt` now (the family's access moved). */
export function setPackExpiry(childId: number, expiresAt: string): void {
  const packs = readPacks();
  const pack = packs.find((p) => p.child.id === childId);
  // An expired pack is gone already (its files are being deleted): it is not brought back.
  if (!pack || pack.expires_at === expiresAt || Date.parse(pack.expires_at) <= Date.now()) return;
  pack.expires_at = expiresAt;
  writePacks(packs);
}

function cacheAvailable(): boolean {
  return typeof caches !== 'undefined';
}

/** The lesson a cached file belongs to. */
const lessonOf = (request: Request) =>
  Number(new URL(request.url).pathname.slice(KEPT_PREFIX.length).split('/')[0]);

/** Deletes the files of these lessons, unless another pack still keeps them. */
async function deleteFiles(lessonIds: readonly number[], remaining: readonly KeptPack[]) {
  if (!cacheAvailable()) return;
  const stillKept = new Set(remaining.flatMap((p) => p.lessons.map((l) => l.id)));
  const gone = new Set(lessonIds.filter((id) => !stillKept.has(id)));
  if (gone.size === 0) return;
  const cache = await caches.open(KEPT_CACHE);
  for (const request of await cache.keys())
    if (gone.has(lessonOf(request))) await cache.delete(request);
}

/** Deletes the lessons for which `drop` says so (all of a pack when it keeps none). */
export async function dropKept(
  drop: (pack: KeptPack, lesson: KeptLesson | null) => boolean,
): Promise<void> {
  const before = readPacks();
  const after: KeptPack[] = [];
  const removed: number[] = [];
  for (const pack of before) {
    if (drop(pack, null)) {
      removed.push(...pack.lessons.map((l) => l.id));
      continue;
    }
    const lessons = pack.lessons.filter((lesson) => !drop(pack, lesson));
    removed.push(...pack.lessons.filter((l) => !lessons.includes(l)).map((l) => l.id));
    if (lessons.length > 0) after.push({ ...pack, lessons });
  }
  writePacks(after);
  await deleteFiles(removed, after);
}

/** A child's pack is deleted by the parent. */
export function deletePack(childId: number): Promise<void> {
  return dropKept((pack, lesson) => lesson === null && pack.child.id === childId);
}

/**
 * Held while lessons are being kept, in whatever tab: files of a lesson not kept yet belong to it then.
 * (The Web Locks API; a browser without it keeps lessons without the lock and is never tidied.)
 */
export const KEEPING_LOCK = 'umnyashki-keeping-lessons';

/**
 * At every start of the app, online or not: expired packs go, and so do files no pack keeps (a download
 * stopped half-way) unless a download is running now.
 */
export async function tidyKept(now = new Date()): Promise<void> {
  await dropKept((pack, lesson) => lesson === null && Date.parse(pack.expires_at) <= now.getTime());
  if (!cacheAvailable() || typeof navigator === 'undefined' || !('locks' in navigator)) return;
  // Nothing was ever kept on this device: nothing to open.
  if (!(await caches.has(KEPT_CACHE))) return;
  await navigator.locks.request(KEEPING_LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock) return;
    const kept = new Set(readPacks().flatMap((p) => p.lessons.map((l) => l.id)));
    const cache = await caches.open(KEPT_CACHE);
    for (const request of await cache.keys()) {
      if (!kept.has(lessonOf(request))) await cache.delete(request);
    }
  });
}

/** Signing out forgets every kept lesson on this device. */
export async function forgetAllKept(): Promise<void> {
  removeStorage(KEPT_STORAGE_KEY);
  if (cacheAvailable()) await caches.delete(KEPT_CACHE);
}

/**
 * Whether the service worker in charge of the page serves kept lessons: right after a release the page
 * may run the new code under the old worker, which would keep nothing for offline (its update is offered
 * with «Обновить»), and a browser may run none at all.
 */
export async function keptLessonsServed(): Promise<boolean> {
  if (!cacheAvailable() || !navigator.serviceWorker?.controller) return false;
  try {
    const answer = await fetch(`${KEPT_PREFIX}0/probe`, { cache: 'no-store' });
    return answer.headers.get(KEPT_HEADER) === '1';
  } catch {
    return false;
  }
}
