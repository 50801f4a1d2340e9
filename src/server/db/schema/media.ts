// Files the back office uploaded for lessons. A resumable upload (tus) lands here once it is whole and has
// passed its checks; a lesson then names the upload, and the server — not the browser — supplies what it
// read from the file: the store key, the video's duration and the poster frame.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, timestamps } from './timestamps';

export const mediaUploads = pgTable(
  'media_uploads',
  {
    /** The tus upload id (random hex), also the file's name in the store. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['video', 'subtitles', 'poster'] }).notNull(),
    /** The media store key of the checked file. */
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** The file name as the editor's computer called it, to recognise it in the form. */
    originalName: text('original_name').notNull(),
    /** Read from the video's container; null for other kinds. */
    durationSeconds: integer('duration_seconds'),
    /** A frame taken from the video on the server; null when it could not be made. */
    posterKey: text('poster_key'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    index('media_uploads_created_idx').on(t.createdAt),
    check('media_uploads_kind_check', sql`${t.kind} in ('video', 'subtitles', 'poster')`),
    check(
      'media_uploads_duration_check',
      sql`${t.durationSeconds} is null or ${t.durationSeconds} > 0`,
    ),
  ],
);

export const VIDEO_LADDER_STATES = ['queued', 'running', 'ready', 'failed'] as const;

/**
 * A lesson video's adaptive ladder (HLS): renditions, their playlists and a master playlist under `folder`
 * in the media store, made by the `media.transcode` job. One row per source video key, so lessons sharing a
 * file share its ladder, and a replaced video gets a ladder of its own.
 */
export const videoLadders = pgTable(
  'video_ladders',
  {
    sourceKey: text('source_key').primaryKey(),
    state: text('state', { enum: VIDEO_LADDER_STATES }).notNull().default('queued'),
    /** 0–100, from ffmpeg's `-progress`; 100 once ready. */
    progress: integer('progress').notNull().default(0),
    /** The store folder holding master.m3u8, the renditions' playlists and their segments. */
    folder: text('folder').notNull(),
    /** The first segment's start in 90 kHz ticks: subtitles are mapped onto it (X-TIMESTAMP-MAP). */
    startTicks: integer('start_ticks').notNull().default(0),
    durationSeconds: integer('duration_seconds'),
    /** Why the ladder could not be made, in the editor's words; null unless failed. */
    error: text('error'),
    ...timestamps,
  },
  (t) => [
    check('video_ladders_state_check', sql`${t.state} in ('queued', 'running', 'ready', 'failed')`),
    check('video_ladders_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);
