// A child's sticker album (docs/PRODUCT.md «A child's own screen»): one sticker for every lesson finished,
// in the order they were finished, so a sticker once shown never changes its picture. Read from the
// lessons' statistics: erasing them (the parent's «Удалить статистику») empties the album too, and a
// lesson switched off later keeps its sticker.
import { asc, eq, isNotNull, and } from 'drizzle-orm';
import { stickerOf } from '@contract/api/stickers';
import type { Sticker } from '@contract/api/learning';
import type { Database } from '../../db/client';
import { lessonStats, lessons } from '../../db/schema/index';

export async function stickerAlbum(db: Database, childId: number): Promise<Sticker[]> {
  const rows = await db
    .select({ lessonId: lessons.id, title: lessons.title, completedAt: lessonStats.completedAt })
    .from(lessonStats)
    .innerJoin(lessons, eq(lessons.code, lessonStats.lessonKey))
    .where(and(eq(lessonStats.childId, childId), isNotNull(lessonStats.completedAt)))
    .orderBy(asc(lessonStats.completedAt), asc(lessons.id));
  return rows.map((row, index) => ({
    sticker: stickerOf(index),
    lesson_id: row.lessonId,
    lesson_title: row.title,
    earned_at: (row.completedAt ?? new Date(0)).toISOString(),
  }));
}
