// The demo parent's family, so a newcomer signing in as the demo parent finds something to look at: a
// child three weeks into the program, two weeks missed before the family subscribed, a few lessons
// watched and the awards those lessons earn (by the same rule as a child's own watching). Only in demo mode, only for a demo parent with no children and no subscription yet (a family a
// person already changed is left alone), and dated from `now`, so a fresh database always tells the same
// story.
import { and, eq, inArray } from 'drizzle-orm';
import { moscowCalendarDate } from '@contract/moscow-date';
import type { Config } from '../../config';
import type { Database } from '../client';
import {
  children,
  familySubscriptions,
  lessonStats,
  lessons,
  tariffs,
  users,
} from '../schema/index';
import { awardAchievements } from '../../modules/learning/achievements';
import { watchedLessons } from '../../modules/learning/child-stats';
import { DEMO_PARENT } from './seed';

const DAY_MS = 24 * 60 * 60 * 1000;

export const DEMO_CHILD = { name: 'Маша', ageGroup: 'four-five', avatar: 'bunny' } as const;

/** Week 1 began 17 days ago: weeks 1 and 2 have passed, week 3 is under way. */
const PROGRAM_STARTED_DAYS_AGO = 17;
/** The subscription began during week 3, so weeks 1 and 2 passed without one. */
const SUBSCRIBED_DAYS_AGO = 2;
const DEMO_TARIFF_CODE = 'subscription-1m-1c';

/** Watched lessons by code: the free first lesson, week 3 almost through, the English preview. */
const WATCHED: { code: string; share: number }[] = [
  { code: 'four-five-w1-l1', share: 1 },
  { code: 'four-five-w3-l1', share: 1 },
  { code: 'four-five-w3-l2', share: 1 },
  { code: 'four-five-w3-l3', share: 0.5 },
  { code: 'english-l1', share: 1 },
];

/** A birth date four and a half years before today in Moscow: the 4–5 group. */
function birthDate(now: Date): string {
  const [year, month] = moscowCalendarDate(now).split('-').map(Number) as [number, number];
  const months = year * 12 + (month - 1) - (4 * 12 + 6);
  const y = Math.floor(months / 12);
  const m = (months % 12) + 1;
  return `${y}-${String(m).padStart(2, '0')}-10`;
}

export async function seedDemoFamily({
  db,
  config,
  now = new Date(),
}: {
  db: Database;
  config: Config;
  now?: Date;
}): Promise<{ inserted: number }> {
  if (!config.demo) return { inserted: 0 };
  return db.transaction(async (tx) => {
    const [parent] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_PARENT.email));
    if (!parent) return { inserted: 0 };
    const [hasChild] = await tx
      .select({ id: children.id })
      .from(children)
      .where(eq(children.userId, parent.id))
      .limit(1);
    const [hasSubscription] = await tx
      .select({ id: familySubscriptions.id })
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, parent.id))
      .limit(1);
    if (hasChild || hasSubscription) return { inserted: 0 };

    const started = new Date(now.getTime() - PROGRAM_STARTED_DAYS_AGO * DAY_MS);
    const [child] = await tx
      .insert(children)
      .values({
        userId: parent.id,
        name: DEMO_CHILD.name,
        birthDate: birthDate(now),
        ageGroup: DEMO_CHILD.ageGroup,
        avatar: DEMO_CHILD.avatar,
        createdAt: started,
        updatedAt: started,
      })
      .returning({ id: children.id });
    if (!child) return { inserted: 0 };
    let inserted = 1;

    const [tariff] = await tx
      .select({ id: tariffs.id, amountChildren: tariffs.amountChildren, months: tariffs.duration })
      .from(tariffs)
      .where(eq(tariffs.code, DEMO_TARIFF_CODE));
    if (tariff) {
      const startsAt = new Date(now.getTime() - SUBSCRIBED_DAYS_AGO * DAY_MS);
      const endsAt = new Date(startsAt);
      endsAt.setUTCMonth(endsAt.getUTCMonth() + tariff.months);
      await tx.insert(familySubscriptions).values({
        userId: parent.id,
        tariffId: tariff.id,
        source: 'purchase',
        amountChildren: tariff.amountChildren,
        startsAt,
        endsAt,
        createdAt: startsAt,
      });
      inserted += 1;
    }

    const watched = await tx
      .select({ code: lessons.code, seconds: lessons.durationSeconds })
      .from(lessons)
      .where(
        and(
          inArray(
            lessons.code,
            WATCHED.map((w) => w.code),
          ),
          eq(lessons.isActive, true),
        ),
      );
    const yesterday = new Date(now.getTime() - DAY_MS);
    const rows = watched.map((lesson) => {
      const share = WATCHED.find((w) => w.code === lesson.code)?.share ?? 0;
      return {
        childId: child.id,
        lessonKey: lesson.code,
        watchedSeconds: Math.round(lesson.seconds * share),
        completedAt: share >= 1 ? yesterday : null,
        updatedAt: yesterday,
      };
    });
    if (rows.length > 0) {
      await tx.insert(lessonStats).values(rows).onConflictDoNothing();
      inserted += rows.length;
      // The awards a child would have got by watching these lessons: «4 урока» with «0 наград» tells a
      // parent the awards are broken.
      const awarded = await awardAchievements(
        tx,
        child.id,
        await watchedLessons(tx, child.id),
        yesterday,
      );
      inserted += awarded.length;
    }
    return { inserted };
  });
}
