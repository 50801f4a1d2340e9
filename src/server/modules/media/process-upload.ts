// A finished upload becomes a lesson file: its bytes are checked, a video's duration is read and a poster
// frame taken, the file moves into the media store under a key of its own, and a media_uploads row keeps
// what the server found. Nothing here trusts the name or the type the browser sent.
import { open, readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { MediaUpload } from '@contract/api/admin-learning';
import type { Database } from '../../db/client';
import { mediaUploads } from '../../db/schema/index';
import type { MediaStore } from '../../integrations/storage/store';
import { extensionOf, type UploadKind } from '@contract/media-uploads';
import { UploadCheckError, imageType, subtitlesAsVtt } from './file-checks';
import { ffprobeBeside } from './media-tools';
import { posterFrame } from './poster-frame';
import { checkPlayable } from './video-codecs';
import { VideoProbeError, probeVideo } from './video-probe';

/** How long a preview link in the form works. */
const PREVIEW_TTL_SECONDS = 60 * 60;

export interface FinishedUpload {
  id: string;
  kind: UploadKind;
  /** Where tus wrote the bytes. */
  path: string;
  size: number;
  originalName: string;
  uploadedBy: number | null;
}

export interface ProcessDeps {
  db: Database;
  media: MediaStore;
  /** ffmpeg takes the poster frame; ffprobe, from beside it, names the codecs. */
  ffmpegPath: string;
  now: Date;
}

interface Stored {
  key: string;
  contentType: string;
  durationSeconds: number | null;
  posterKey: string | null;
}

async function storeVideo(upload: FinishedUpload, deps: ProcessDeps, stored: string[]) {
  const file = await open(upload.path, 'r');
  let facts;
  try {
    facts = await probeVideo(file);
  } catch (error) {
    // Whatever the header made the reader trip on, it is the file's fault, not the server's.
    throw new UploadCheckError(
      error instanceof VideoProbeError ? error.message : 'Это не видео в формате MP4 или WebM',
    );
  } finally {
    await file.close();
  }
  // The header said the container; whether browsers play what it holds takes ffprobe. Without ffprobe
  // nothing is stored: a video that plays nowhere must not reach a lesson unnoticed.
  await checkPlayable(ffprobeBeside(deps.ffmpegPath), upload.path, facts.format);
  const key = `lessons/${upload.id}.${facts.format}`;
  const contentType = facts.format === 'mp4' ? 'video/mp4' : 'video/webm';
  const poster = await posterFrame(deps.ffmpegPath, upload.path, facts.durationSeconds);
  stored.push(key);
  await deps.media.putFile(key, upload.path, contentType);
  let posterKey: string | null = null;
  if (poster) {
    posterKey = `lessons/${upload.id}-poster.jpg`;
    stored.push(posterKey);
    await deps.media.put(posterKey, poster, 'image/jpeg');
  }
  // A lesson counts in whole seconds; a clip of 0.6 s still plays for a second.
  const durationSeconds = Math.max(1, Math.round(facts.durationSeconds));
  return { key, contentType, durationSeconds, posterKey };
}

async function storeSubtitles(
  upload: FinishedUpload,
  deps: ProcessDeps,
  stored: string[],
): Promise<Stored> {
  const vtt = subtitlesAsVtt(await readFile(upload.path), extensionOf(upload.originalName));
  const key = `lessons/${upload.id}.vtt`;
  const contentType = 'text/vtt; charset=utf-8';
  stored.push(key);
  await deps.media.put(key, vtt, contentType);
  return { key, contentType, durationSeconds: null, posterKey: null };
}

async function storePoster(
  upload: FinishedUpload,
  deps: ProcessDeps,
  stored: string[],
): Promise<Stored> {
  const file = await open(upload.path, 'r');
  const head = Buffer.alloc(16);
  try {
    await file.read(head, 0, 16, 0);
  } finally {
    await file.close();
  }
  const { ext, type } = imageType(head);
  const key = `lessons/${upload.id}.${ext}`;
  stored.push(key);
  await deps.media.putFile(key, upload.path, type);
  return { key, contentType: type, durationSeconds: null, posterKey: null };
}

const STORE: Record<
  UploadKind,
  (u: FinishedUpload, d: ProcessDeps, stored: string[]) => Promise<Stored>
> = {
  video: storeVideo,
  subtitles: storeSubtitles,
  poster: storePoster,
};

/** What the form shows of an upload: the server's findings and short-lived preview links. */
export async function describeUpload(
  row: typeof mediaUploads.$inferSelect,
  media: MediaStore,
  now: Date,
): Promise<MediaUpload> {
  const picture = row.kind === 'poster' ? row.key : row.posterKey;
  return {
    id: row.id,
    kind: row.kind,
    original_name: row.originalName,
    size_bytes: row.sizeBytes,
    duration_seconds: row.durationSeconds,
    url: await media.signedUrl(row.key, PREVIEW_TTL_SECONDS, now),
    poster_url: picture ? await media.signedUrl(picture, PREVIEW_TTL_SECONDS, now) : null,
  };
}

/** What the form shows of the upload with this id, or null when there is none. */
export async function describeUploadById(
  db: Database,
  id: string,
  media: MediaStore,
  now: Date,
): Promise<MediaUpload | null> {
  const [row] = await db.select().from(mediaUploads).where(eq(mediaUploads.id, id));
  return row ? describeUpload(row, media, now) : null;
}

/** Checks and stores the upload; UploadCheckError says in Russian why a file is refused. */
export async function processUpload(
  upload: FinishedUpload,
  deps: ProcessDeps,
): Promise<MediaUpload> {
  const keys: string[] = [];
  try {
    const stored = await STORE[upload.kind](upload, deps, keys);
    // The same upload finished twice (a resumed last chunk) is one row: the first one stands.
    await deps.db
      .insert(mediaUploads)
      .values({
        id: upload.id,
        kind: upload.kind,
        key: stored.key,
        contentType: stored.contentType,
        sizeBytes: upload.size,
        originalName: upload.originalName.slice(0, 255),
        durationSeconds: stored.durationSeconds,
        posterKey: stored.posterKey,
        uploadedBy: upload.uploadedBy,
        createdAt: deps.now,
      })
      .onConflictDoNothing({ target: mediaUploads.id });
  } catch (error) {
    // Nothing half-stored stays behind: no row points at these files.
    await Promise.all(keys.map((key) => deps.media.remove(key).catch(() => undefined)));
    throw error;
  }
  const [row] = await deps.db.select().from(mediaUploads).where(eq(mediaUploads.id, upload.id));
  if (!row) throw new Error('the upload was not recorded');
  return describeUpload(row, deps.media, deps.now);
}
