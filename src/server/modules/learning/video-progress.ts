// What a watched lesson records. The player reports the child's position every few seconds and at the
// end; the report counts only for a lesson the child may watch now (the access rule decides, as for the
// lessons page). Progress only moves forward: watched seconds never shrink and stop at the lesson's length,
// and a lesson once completed stays completed, so repeated or late reports change nothing.
import { and, eq, sql } from 'drizzle-orm';
import type { VideoProgress, VideoProgressBody } from '@contract/api/learning';
import { ERROR_CODES } from '@contract/api/values';
import type { Database } from '../../db/client';
import { lessonStats } from '../../db/schema/index';
import type { Clock } from '../../deps';
import { HttpError, notFound } from '../../plugins/errors';
import { lessonAccess } from '../lessons';
import { viewerFacts } from '../lessons';
import { placedLesson } from '../lessons';
import { OTHER_PROGRAM_LOCK, lockOf } from '../lessons';
import { recordWatching } from '../screen-time';
import { stickerAlbum } from './stickers';
import { awardAchievements } from './achievements';
import { watchedLessons } from './child-stats';

export const LESSON_NOT_FOUND = 'Урок не найден';

/**
 * A lesson counts as watched once the child reaches this share of it: the closing titles and a child who
 * stops a few seconds early still finish the lesson.
 */
export const COMPLETION_SHARE = 0.9;

export const isCompletedAt = (positionSeconds: number, durationSeconds: number): boolean =>
  positionSeconds >= durationSeconds * COMPLETION_SHARE;

/**
 * How far one report may move a lesson forward: twice the time since the child's previous report (the
 * player may play at double speed), plus a margin for the first report and a late one. A report that jumps
 * to the end (a dragged slider, or a client that lies) counts only what could have been watched, so awards
 * are earned by watching. A report that waited on the device for the connection says for how long (at most
 * 14 days), and that time counts as the time since the previous report.
 */
export const REPORT_MARGIN_SECONDS = 15;
export const MAX_PLAYBACK_RATE = 2;

const lessonClosed = (message: string) =>
  new HttpError(403, message, { code: ERROR_CODES.lessonClosed });

export async function reportVideo({
  db,
  clock,
  userId,
  report,
}: {
  db: Database;
  clock: Clock;
  userId: number;
  report: VideoProgressBody;
}): Promise<VideoProgress> {
  const now = clock();
  const { family, child, pausedUntil } = await viewerFacts(db, userId, report.child_id, now);
  const lesson = await placedLesson(db, report.lesson_id);
  if (!lesson) throw notFound(LESSON_NOT_FOUND);

  // As on the lessons page: another age group's program opens only its preview and bought weeks.
  const ownProgram = lesson.mainProgramId === null || lesson.mainProgramId === child.mainProgramId;
  const access = lessonAccess({
    now,
    lesson: lesson.place,
    child,
    subscriptions: ownProgram ? family.periods : [],
  });
  if (!access.allowed) {
    const lock = ownProgram
      ? lockOf(access, child.studyMode, {
          pausedUntil,
          hadSubscription: family.periods.length > 0,
        })
      : OTHER_PROGRAM_LOCK;
    throw lessonClosed(lock?.[1] ?? 'Этот урок пока закрыт');
  }

  const duration = lesson.row.durationSeconds;
  const [prior] = await db
    .select({
      watchedSeconds: lessonStats.watchedSeconds,
      updatedAt: lessonStats.updatedAt,
      completedAt: lessonStats.completedAt,
    })
    .from(lessonStats)
    .where(and(eq(lessonStats.childId, child.id), eq(lessonStats.lessonKey, lesson.row.code)));
  // A report that waited offline on the device (docs/OFFLINE-LESSONS.md) counts from when it waited.
  const sincePrior = Math.max(
    prior ? Math.max(0, (now.getTime() - prior.updatedAt.getTime()) / 1000) : 0,
    report.waited_seconds ?? 0,
  );
  const ceiling =
    (prior?.watchedSeconds ?? 0) + sincePrior * MAX_PLAYBACK_RATE + REPORT_MARGIN_SECONDS;
  const reached = Math.min(report.position_seconds, duration, ceiling);
  // `completed` from the player is a hint only: the position itself must be near the end.
  const completedNow = isCompletedAt(reached, duration);
  const position = Math.floor(reached);
  const [stat] = await db
    .insert(lessonStats)
    .values({
      childId: child.id,
      lessonKey: lesson.row.code,
      watchedSeconds: position,
      completedAt: completedNow ? now : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [lessonStats.childId, lessonStats.lessonKey],
      set: {
        watchedSeconds: sql`greatest(${lessonStats.watchedSeconds}, excluded.watched_seconds)`,
        completedAt: sql`coalesce(${lessonStats.completedAt}, excluded.completed_at)`,
        updatedAt: now,
      },
    })
    .returning({
      watchedSeconds: lessonStats.watchedSeconds,
      completedAt: lessonStats.completedAt,
    });
  if (!stat) throw new Error('lesson_stats upsert returned no row');

  const screenTime = await recordWatching(
    db,
    child.id,
    { lessonId: lesson.row.id, positionSeconds: report.position_seconds },
    now,
  );
  const newAchievements = await awardAchievements(
    db,
    child.id,
    await watchedLessons(db, child.id),
    now,
  );
  // The lesson finished by this very report earns its sticker; a later report of it earns nothing.
  const finishedNow = !prior?.completedAt && stat.completedAt?.getTime() === now.getTime();
  const newSticker = finishedNow
    ? ((await stickerAlbum(db, child.id)).find((s) => s.lesson_id === lesson.row.id) ?? null)
    : null;
  return {
    lesson_id: lesson.row.id,
    watched_seconds: stat.watchedSeconds,
    completed: stat.completedAt !== null,
    new_achievements: newAchievements,
    new_sticker: newSticker,
    screen_time: screenTime,
  };
}
