// Everything the access rule needs about a family and one of its children, in one round trip: the child's
// row (only when it is the family's) with the family's children in seat order, the bought weeks and
// programs, the subscription periods and pauses as subqueries, and, when asked for, what the child has
// watched and earned. Before, this was seven queries in three round trips, each taking a pooled connection,
// so under load a lessons page waited on the pool. Prepared: PostgreSQL plans each variant once per
// connection. Every subquery goes through an index by child or by user, so its cost does not grow with the
// number of families.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { ageGroupProgram } from './age-group-program';
import {
  childAchievements,
  childAdditionalPrograms,
  childPrograms,
  childWeeks,
  children,
  familySubscriptions,
  lessonStats,
  lessons,
  subscriptionPauses,
} from '../../db/schema/index';

const userId = sql.placeholder('userId');
const childId = sql.placeholder('childId');

/** Timestamps inside json come as ISO strings. */
interface PeriodJson {
  starts_at: string;
  ends_at: string;
  ended_at: string | null;
  amount_children: number;
}

interface PauseJson {
  starts_at: string;
  ends_at: string;
  resumed_at: string | null;
}

/** [lesson id, lesson code, week id, additional program id, active, seconds watched, completed] */
export type WatchedJson = [number, string, number | null, number | null, boolean, number, boolean];

/** A lesson the child has started, with where it sits. */
export interface WatchedLesson {
  lessonId: number;
  code: string;
  weekId: number | null;
  additionalProgramId: number | null;
  isActive: boolean;
  watchedSeconds: number;
  completed: boolean;
}

/** [code, earned at] */
export type EarnedJson = [string, string];

/** What the caller reads besides the facts: the child's watched lessons, and the achievements too. */
export type ViewerExtras = 'none' | 'watched' | 'progress';

function buildViewerQuery(db: Database, extras: ViewerExtras) {
  const family = db
    .select({ list: sql`coalesce(json_agg(${children.id} order by ${children.id}), '[]'::json)` })
    .from(children)
    .where(eq(children.userId, userId));
  const weeks = db
    .select({ list: sql`coalesce(json_agg(${childWeeks.weekId}), '[]'::json)` })
    .from(childWeeks)
    .where(eq(childWeeks.childId, childId));
  const programs = db
    .select({
      list: sql`coalesce(json_agg(${childAdditionalPrograms.additionalProgramId}), '[]'::json)`,
    })
    .from(childAdditionalPrograms)
    .where(eq(childAdditionalPrograms.childId, childId));
  const periods = db
    .select({
      list: sql`coalesce(json_agg(json_build_object(
        'starts_at', ${familySubscriptions.startsAt}, 'ends_at', ${familySubscriptions.endsAt},
        'ended_at', ${familySubscriptions.endedAt},
        'amount_children', ${familySubscriptions.amountChildren})), '[]'::json)`,
    })
    .from(familySubscriptions)
    .where(eq(familySubscriptions.userId, userId));
  const pauses = db
    .select({
      list: sql`coalesce(json_agg(json_build_object(
        'starts_at', ${subscriptionPauses.startsAt}, 'ends_at', ${subscriptionPauses.endsAt},
        'resumed_at', ${subscriptionPauses.resumedAt})), '[]'::json)`,
    })
    .from(subscriptionPauses)
    .where(eq(subscriptionPauses.userId, userId));
  const ageProgram = ageGroupProgram(db, children.ageGroup);
  const watched = db
    .select({
      list: sql`coalesce(json_agg(json_build_array(
        ${lessons.id}, ${lessons.code}, ${lessons.weekId}, ${lessons.additionalProgramId},
        ${lessons.isActive}, ${lessonStats.watchedSeconds}, ${lessonStats.completedAt} is not null
      )), '[]'::json)`,
    })
    .from(lessonStats)
    .innerJoin(lessons, eq(lessons.code, lessonStats.lessonKey))
    .where(eq(lessonStats.childId, childId));
  const earned = db
    .select({
      list: sql`coalesce(json_agg(json_build_array(
        ${childAchievements.code}, ${childAchievements.earnedAt})), '[]'::json)`,
    })
    .from(childAchievements)
    .where(eq(childAchievements.childId, childId));

  return db
    .select({
      id: children.id,
      studyMode: children.studyMode,
      createdAt: children.createdAt,
      mainProgramId: sql<number | null>`coalesce(${childPrograms.mainProgramId}, (${ageProgram}))`,
      programStartedAt: childPrograms.startedAt,
      family: sql<number[]>`(${family})`,
      boughtWeekIds: sql<number[]>`(${weeks})`,
      boughtProgramIds: sql<number[]>`(${programs})`,
      periods: sql<PeriodJson[]>`(${periods})`,
      pauses: sql<PauseJson[]>`(${pauses})`,
      watched:
        extras === 'none'
          ? sql<WatchedJson[] | null>`null`
          : sql<WatchedJson[] | null>`(${watched})`,
      earned:
        extras === 'progress'
          ? sql<EarnedJson[] | null>`(${earned})`
          : sql<EarnedJson[] | null>`null`,
    })
    .from(children)
    .leftJoin(childPrograms, eq(childPrograms.childId, children.id))
    .where(and(eq(children.id, childId), eq(children.userId, userId)))
    .limit(1)
    .prepare(`viewer_facts_${extras}`);
}

const viewerQueries = {
  none: preparedFor((db) => buildViewerQuery(db, 'none')),
  watched: preparedFor((db) => buildViewerQuery(db, 'watched')),
  progress: preparedFor((db) => buildViewerQuery(db, 'progress')),
};

/** The row of one child of one family, or undefined when the child is not the family's. */
export async function viewerRow(db: Database, user: number, child: number, extras: ViewerExtras) {
  const [row] = await viewerQueries[extras](db).execute({ userId: user, childId: child });
  return row;
}

export type ViewerRow = NonNullable<Awaited<ReturnType<typeof viewerRow>>>;

export const periodRows = (row: ViewerRow) =>
  row.periods.map((p) => ({
    startsAt: new Date(p.starts_at),
    endsAt: new Date(p.ends_at),
    endedAt: p.ended_at === null ? null : new Date(p.ended_at),
    amountChildren: p.amount_children,
  }));

export const pauseRows = (row: ViewerRow) =>
  row.pauses.map((p) => ({
    startsAt: new Date(p.starts_at),
    endsAt: new Date(p.ends_at),
    resumedAt: p.resumed_at === null ? null : new Date(p.resumed_at),
  }));
