// Files the back office uploaded for lessons. A resumable upload (tus) lands here once it is whole and has
// passed its checks; a lesson then names the upload, and the server — not the browser — supplies what it
// read from the file: the store key, the video's duration and the poster frame.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './timestamps';

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
