// Turns a lesson video into its HLS ladder (ladder-plan.ts) in the background: the `media.transcode` job,
// one per source video key, run by the transcoding workers main.ts starts (TRANSCODE_CONCURRENCY at once,
// apart from the mail and payment jobs, which a long video must not hold up). The lesson plays its
// original file until the ladder's row says `ready`.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lessons, videoLadders } from '../../db/schema/index';
import { configuredMediaStore } from '../../integrations/storage/default-store';
import type { MediaStore } from '../../integrations/storage/store';
import { enqueue } from '../../jobs/queue';
import { PermanentJobError, type JobContext, type JobHandler } from '../../jobs/types';
import { ffprobeBeside } from './media-tools';
import { firstSegmentTicks, probeSource, runLadder } from './transcode-run';

export const TRANSCODE_JOB = 'media.transcode';
export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPE = 'video/mp2t';

export const BROKEN_VIDEO =
  'Видео не получилось подготовить: файл повреждён или это не видео. Загрузите его заново — пока урок показывает исходный файл';
const NO_FFMPEG =
  'На сервере нет ffmpeg, поэтому видео не подготовлено для медленной связи: урок показывает исходный файл';
const TOO_SLOW =
  'Видео готовилось слишком долго и было остановлено: проверьте файл или загрузите его заново';
/** The progress row is written at most this often: a percent a second is plenty for a screen. */
const PROGRESS_WRITE_MS = 1000;

/** Where a source's ladder lives: `hls/` and the key without its ending (`hls/demo/english-l1`). */
export const ladderFolder = (sourceKey: string) =>
  `hls/${sourceKey.slice(0, sourceKey.length - extname(sourceKey).length)}`;

/**
 * Queues the ladder of `sourceKey` unless it has one (made, being made or failed). Joins the caller's
 * transaction, so a lesson saved with a new video and its job exist together.
 */
export async function queueTranscode(db: Database, sourceKey: string): Promise<boolean> {
  const [row] = await db
    .insert(videoLadders)
    .values({ sourceKey, folder: ladderFolder(sourceKey) })
    .onConflictDoNothing()
    .returning({ key: videoLadders.sourceKey });
  if (!row) return false;
  await enqueue(db, TRANSCODE_JOB, { key: sourceKey }, { maxAttempts: 3 });
  return true;
}

/**
 * Queues a ladder for every lesson video that has none — the demo lessons on a fresh database, lessons
 * saved before ladders existed — in the lessons' order, so the first weeks are ready first.
 */
export async function queueMissingLadders(db: Database): Promise<number> {
  const known = db.select({ key: videoLadders.sourceKey }).from(videoLadders);
  const rows = await db
    .selectDistinct({ key: lessons.videoKey, id: lessons.id })
    .from(lessons)
    .where(and(notInArray(lessons.videoKey, known), eq(lessons.isActive, true)))
    .orderBy(asc(lessons.id));
  let queued = 0;
  for (const { key } of rows) if (await queueTranscode(db, key)) queued += 1;
  return queued;
}

export type LadderRow = typeof videoLadders.$inferSelect;

/** The ladders of these source keys, by key. */
export async function laddersOf(db: Database, keys: string[]): Promise<Map<string, LadderRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(videoLadders).where(inArray(videoLadders.sourceKey, keys));
  return new Map(rows.map((r) => [r.sourceKey, r]));
}

async function mark(db: Database, key: string, values: Partial<LadderRow>) {
  await db
    .update(videoLadders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(videoLadders.sourceKey, key));
}

async function failWith(db: Database, key: string, message: string): Promise<never> {
  await mark(db, key, { state: 'failed', error: message });
  throw new PermanentJobError(message);
}

/** Uploads the ladder: segments first, the renditions' playlists next, the master last. */
async function publish(media: MediaStore, dir: string, folder: string) {
  const names = await readdir(dir);
  const order = (name: string) => (name === 'master.m3u8' ? 2 : name.endsWith('.m3u8') ? 1 : 0);
  for (const name of names.sort((a, b) => order(a) - order(b))) {
    if (name.startsWith('source')) continue;
    const type = name.endsWith('.m3u8') ? PLAYLIST_TYPE : SEGMENT_TYPE;
    await media.putFile(`${folder}/${name}`, join(dir, name), type);
  }
}

async function transcode(key: string, context: JobContext) {
  const { db } = context;
  const [row] = await db.select().from(videoLadders).where(eq(videoLadders.sourceKey, key));
  // Gone (the video was replaced and released) or made by an earlier run of this job: nothing to do.
  if (!row || row.state === 'ready') return;
  await mark(db, key, { state: 'running', progress: 0, error: null });
  const media = context.media ?? (await configuredMediaStore(context.config));
  const ffmpeg = context.config.media.ffmpegPath;
  const ffprobe = ffprobeBeside(ffmpeg);
  const dir = await mkdtemp(join(tmpdir(), 'ladder-'));
  try {
    const source = join(dir, `source${extname(key)}`);
    await media.download(key, source);
    const facts = await probeSource(ffprobe, source);
    if (facts === 'missing') return await failWith(db, key, NO_FFMPEG);
    if (facts === null) return await failWith(db, key, BROKEN_VIDEO);
    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    const outcome = await runLadder(ffmpeg, source, dir, facts, (percent) => {
      const now = Date.now();
      if (percent >= 100 || now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      writing = writing.then(() =>
        db
          .update(videoLadders)
          .set({ progress: percent, updatedAt: new Date() })
          .where(and(eq(videoLadders.sourceKey, key), eq(videoLadders.state, 'running')))
          .then(
            () => undefined,
            () => undefined,
          ),
      );
    });
    await writing;
    if (outcome === 'missing') return await failWith(db, key, NO_FFMPEG);
    if (outcome === 'timed-out') return await failWith(db, key, TOO_SLOW);
    if (outcome === 'failed') return await failWith(db, key, BROKEN_VIDEO);
    const names = await readdir(dir);
    const first = names.filter((n) => n.endsWith('_000.ts')).sort()[0];
    const startTicks = first ? await firstSegmentTicks(ffprobe, join(dir, first)) : 0;
    await publish(media, dir, row.folder);
    await mark(db, key, {
      state: 'ready',
      progress: 100,
      startTicks,
      durationSeconds: Math.max(1, Math.round(facts.durationSeconds)),
      error: null,
    });
  } catch (error) {
    // A store or database that failed us: the job retries, and the screen says «in the queue» again.
    if (!(error instanceof PermanentJobError)) {
      await mark(db, key, { state: 'queued', progress: 0 }).catch(() => undefined);
    }
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const transcodeJob: JobHandler = async (payload, context) => {
  const key = payload.key;
  if (typeof key !== 'string' || key.length === 0) {
    throw new PermanentJobError('media.transcode needs {key: string}');
  }
  await transcode(key, context);
};
