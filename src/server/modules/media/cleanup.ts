// Lesson files nobody uses any more leave the store. A file a lesson stopped using (its video, subtitles
// or poster replaced) goes a day later, so a child half-way through the old video finishes it; an upload
// no lesson ever took goes a day after it was made; an upload never finished goes from the uploads folder
// once tus has given it up. A removed video takes its HLS ladder with it. Only files an upload made (keys
// under `lessons/`, and their ladders) are ever removed — the demo lessons' files are the repository's — and
// never one a lesson still names.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs, lessons, mediaUploads, videoLadders } from '../../db/schema/index';
import { configuredMediaStore } from '../../integrations/storage/default-store';
import type { MediaStore } from '../../integrations/storage/store';
import { enqueue } from '../../jobs/queue';
import type { JobContext, JobHandler } from '../../jobs/types';
import { PermanentJobError } from '../../jobs/types';
import { removeLadder } from './ladder-files';
import { ladderFolder } from './transcode-job';

export const MEDIA_RELEASE_JOB = 'media.release';
export const MEDIA_SWEEP_JOB = 'media.sweep';
/** A replaced file is kept this long: a child who started the old video finishes it. */
export const KEEP_REPLACED_MS = 24 * 60 * 60 * 1000;
/** An upload no lesson took is kept this long: the editor may still be filling in the form. */
export const KEEP_UNUSED_MS = 24 * 60 * 60 * 1000;
/**
 * An unfinished upload is removed this long after it began: tus refuses to go on with it after 24 hours
 * (upload-routes.ts), and the extra hour covers a last chunk whose file is being checked at that moment.
 */
export const KEEP_UNFINISHED_MS = 25 * 60 * 60 * 1000;
export const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Where tus keeps the bytes of uploads under way (upload-routes.ts). */
export const uploadsDirectory = (dataDir: string) => join(dataDir, 'uploads');

/** Keys an upload made; nothing else is ever removed. */
const isUploadKey = (key: string) => key.startsWith('lessons/');

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Called in the transaction that changes a lesson's files: the files it no longer names go after
 * KEEP_REPLACED_MS, unless a lesson names them by then.
 */
export async function releaseReplacedFiles(
  tx: Tx,
  before: readonly string[],
  after: readonly string[],
  now: Date,
): Promise<void> {
  const keys = [...new Set(before)].filter((key) => isUploadKey(key) && !after.includes(key));
  if (keys.length === 0) return;
  await enqueue(
    tx,
    MEDIA_RELEASE_JOB,
    { keys },
    { runAt: new Date(now.getTime() + KEEP_REPLACED_MS) },
  );
}

/** Which of `keys` some lesson names. */
async function namedByLessons(db: Database | Tx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ video: lessons.videoKey, poster: lessons.posterKey, subtitles: lessons.subtitlesKey })
    .from(lessons)
    .where(
      or(
        inArray(lessons.videoKey, keys),
        inArray(lessons.posterKey, keys),
        inArray(lessons.subtitlesKey, keys),
      ),
    );
  return new Set(rows.flatMap((row) => [row.video, row.poster, row.subtitles]));
}

/**
 * Removes the uploads holding `keys` whose files no lesson names, and then their files. The rows are
 * locked first: a lesson being saved with one of them holds it (admin-lesson-service.ts), so the check of
 * the lessons runs after that lesson is in, and a lesson saved after the row is gone is refused.
 * Returns how many files were removed (a ladder's segments and playlists among them).
 */
export async function removeUnusedUploads(
  db: Database,
  media: MediaStore,
  keys: readonly string[],
): Promise<number> {
  const wanted = [...new Set(keys)].filter(isUploadKey);
  if (wanted.length === 0) return 0;
  const gone = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(mediaUploads)
      .where(or(inArray(mediaUploads.key, wanted), inArray(mediaUploads.posterKey, wanted)))
      .for('update');
    const rowKeys = rows.flatMap((row) => (row.posterKey ? [row.key, row.posterKey] : [row.key]));
    const named = await namedByLessons(tx, [...new Set([...wanted, ...rowKeys])]);
    const unused = rows.filter(
      (row) => !named.has(row.key) && !(row.posterKey && named.has(row.posterKey)),
    );
    if (unused.length > 0) {
      await tx.delete(mediaUploads).where(
        inArray(
          mediaUploads.id,
          unused.map((row) => row.id),
        ),
      );
    }
    const kept = new Set(
      rows.filter((row) => !unused.includes(row)).flatMap((row) => [row.key, row.posterKey]),
    );
    // A key no row holds any more (a removal that failed half-way last time) goes too, unless named.
    const goneKeys = [
      ...new Set([...wanted, ...unused.flatMap((row) => [row.key, row.posterKey ?? ''])]),
    ].filter((key) => key !== '' && !named.has(key) && !kept.has(key));
    if (goneKeys.length > 0) {
      await tx.delete(videoLadders).where(inArray(videoLadders.sourceKey, goneKeys));
    }
    return goneKeys;
  });
  // After the rows: a file that fails to go now is retried by the job, and no row points at it meanwhile.
  // A ladder's folder follows from its video's key, so a retry finds what is left of it without the row.
  let removed = 0;
  for (const key of gone) {
    removed += await removeLadder(media, ladderFolder(key));
    await media.remove(key);
    removed += 1;
  }
  return removed;
}

/** When the upload a file of the uploads folder belongs to began: tus's record, else the file's time. */
async function beganAt(directory: string, name: string): Promise<number | null> {
  const id = name.replace(/\.(json|poster\.jpg)$/, '');
  try {
    const info = JSON.parse(await readFile(join(directory, `${id}.json`), 'utf8')) as {
      creation_date?: unknown;
    };
    const began = typeof info.creation_date === 'string' ? Date.parse(info.creation_date) : NaN;
    if (Number.isFinite(began)) return began;
  } catch {
    // No record (a crash between the two writes): the file's own time says.
  }
  try {
    return (await stat(join(directory, name))).mtimeMs;
  } catch {
    return null;
  }
}

/** Unfinished uploads (and leftovers of a crash) begun over KEEP_UNFINISHED_MS ago leave the folder. */
export async function removeStaleUnfinished(directory: string, now: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return 0;
  }
  const cutoff = now.getTime() - KEEP_UNFINISHED_MS;
  const stale: string[] = [];
  for (const name of names) {
    const began = await beganAt(directory, name);
    if (began !== null && began < cutoff) stale.push(name);
  }
  for (const name of stale) await rm(join(directory, name), { force: true });
  return stale.filter((name) => !name.endsWith('.json')).length;
}

async function mediaOf(context: JobContext): Promise<MediaStore> {
  return context.media ?? configuredMediaStore(context.config);
}

export const mediaReleaseJob: JobHandler = async (payload, context) => {
  const { keys } = payload;
  if (!Array.isArray(keys) || !keys.every((key): key is string => typeof key === 'string')) {
    throw new PermanentJobError('media.release needs {keys: string[]}');
  }
  const removed = await removeUnusedUploads(context.db, await mediaOf(context), keys);
  if (removed > 0) context.logger.info({ removed }, 'replaced lesson files removed');
};

/** Queues the next sweep unless one is waiting. */
export async function ensureMediaSweep(db: Database, runAt?: Date): Promise<void> {
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, MEDIA_SWEEP_JOB), eq(jobs.status, 'pending')))
    .limit(1);
  if (!waiting) await enqueue(db, MEDIA_SWEEP_JOB, {}, runAt ? { runAt } : {});
}

/** Keys a replacement has set aside: they keep their day even when their upload is old. */
async function keysAwaitingRelease(db: Database): Promise<Set<string>> {
  const rows = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, MEDIA_RELEASE_JOB), inArray(jobs.status, ['pending', 'running'])));
  return new Set(
    rows.flatMap(({ payload }) => {
      const keys = (payload as { keys?: unknown }).keys;
      return Array.isArray(keys)
        ? keys.filter((key): key is string => typeof key === 'string')
        : [];
    }),
  );
}

export const mediaSweepJob: JobHandler = async (_payload, context) => {
  const now = context.clock();
  try {
    const { db } = context;
    const old = await db
      .select({ key: mediaUploads.key, posterKey: mediaUploads.posterKey })
      .from(mediaUploads)
      .where(
        and(
          lt(mediaUploads.createdAt, new Date(now.getTime() - KEEP_UNUSED_MS)),
          sql`not exists (select 1 from ${lessons} where ${lessons.videoKey} in (${mediaUploads.key}, ${mediaUploads.posterKey}) or ${lessons.posterKey} in (${mediaUploads.key}, ${mediaUploads.posterKey}) or ${lessons.subtitlesKey} = ${mediaUploads.key})`,
        ),
      );
    const awaiting = await keysAwaitingRelease(db);
    const keys = old
      .filter((row) => !awaiting.has(row.key) && !(row.posterKey && awaiting.has(row.posterKey)))
      .map((row) => row.key);
    const unused = await removeUnusedUploads(db, await mediaOf(context), keys);
    const unfinished = await removeStaleUnfinished(uploadsDirectory(context.config.dataDir), now);
    if (unused + unfinished > 0) {
      context.logger.info({ unused, unfinished }, 'unused lesson uploads removed');
    }
  } finally {
    await ensureMediaSweep(context.db, new Date(now.getTime() + SWEEP_EVERY_MS));
  }
};
