// Everything the profile shows in one round trip: the account's row with its children, linked networks,
// mailing consent, subscription in force, auto-renewal and purchases as subqueries. Before, these were eight
// queries (five at once), each taking a pooled connection, so under load a profile waited on the pool. It is
// a prepared statement: PostgreSQL plans it once per connection.
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Child } from '@contract/api/children';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { MOSCOW_TIME_ZONE } from '../../db/seed/data/region-time-zones';
import {
  cardBindings,
  childAdditionalPrograms,
  childWeeks,
  children,
  consents,
  familySubscriptions,
  regions,
  socialAccounts,
  subscriptionRenewals,
  tariffs,
  users,
} from '../../db/schema/index';

/** A child as the subquery spells it; the age group is checked when it is read. */
export type ChildJson = Omit<Child, 'age_group'> & { age_group: string | null };

interface SubscriptionJson {
  id: number;
  source: string;
  amount_children: number;
  starts_at: string;
  ends_at: string;
  title: string;
}

const userId = sql.placeholder('userId');
const now = sql.placeholder('now');

function buildProfileQuery(db: Database) {
  const kids = db
    .select({
      list: sql`coalesce(json_agg(json_build_object(
        'id', ${children.id}, 'name', ${children.name}, 'birth_date', ${children.birthDate},
        'age_group', ${children.ageGroup}, 'avatar', ${children.avatar},
        'remind_about_lessons', ${children.remindAboutLessons}, 'study_mode', ${children.studyMode},
        'daily_limit_minutes', ${children.dailyLimitMinutes},
        'no_lessons_after', ${children.noLessonsAfter}
      ) order by ${children.id}), '[]'::json)`,
    })
    .from(children)
    .where(eq(children.userId, userId));
  const providers = db
    .select({ list: sql`coalesce(json_agg(${socialAccounts.provider}), '[]'::json)` })
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId));
  const mailing = db
    .select({ one: sql`1` })
    .from(consents)
    .where(
      and(eq(consents.userId, userId), eq(consents.kind, 'mailing'), isNull(consents.withdrawnAt)),
    );
  // The rule of subscriptions/service.ts subscriptionInForce: begun, not over, not ended early; the latest.
  const subscription = db
    .select({
      period: sql`json_build_object(
        'id', ${familySubscriptions.id}, 'source', ${familySubscriptions.source},
        'amount_children', ${familySubscriptions.amountChildren},
        'starts_at', ${familySubscriptions.startsAt},
        'ends_at', coalesce(${familySubscriptions.endedAt}, ${familySubscriptions.endsAt}),
        'title', ${tariffs.title})`,
    })
    .from(familySubscriptions)
    .innerJoin(tariffs, eq(tariffs.id, familySubscriptions.tariffId))
    .where(
      and(
        eq(familySubscriptions.userId, userId),
        lte(familySubscriptions.startsAt, now),
        gt(familySubscriptions.endsAt, now),
        or(isNull(familySubscriptions.endedAt), gt(familySubscriptions.endedAt, now)),
      ),
    )
    .orderBy(desc(familySubscriptions.startsAt))
    .limit(1);
  // On only while its card is saved too: a removed card charges nothing.
  const renewal = db
    .select({ one: sql`1` })
    .from(subscriptionRenewals)
    .innerJoin(cardBindings, eq(cardBindings.id, subscriptionRenewals.cardBindingId))
    .where(
      and(
        eq(subscriptionRenewals.userId, userId),
        isNull(subscriptionRenewals.cancelledAt),
        isNull(cardBindings.removedAt),
      ),
    );
  // lessons/facts.ts hasBoughtLessons: a week or an additional program bought for any child.
  const weeks = db
    .select({ one: sql`1` })
    .from(childWeeks)
    .innerJoin(children, eq(children.id, childWeeks.childId))
    .where(eq(children.userId, userId));
  const programs = db
    .select({ one: sql`1` })
    .from(childAdditionalPrograms)
    .innerJoin(children, eq(children.id, childAdditionalPrograms.childId))
    .where(eq(children.userId, userId));

  return db
    .select({
      user: users,
      children: sql<ChildJson[]>`(${kids})`,
      providers: sql<string[]>`(${providers})`,
      mailing: sql<boolean>`exists(${mailing})`,
      subscription: sql<SubscriptionJson | null>`(${subscription})`,
      renewal: sql<boolean>`exists(${renewal})`,
      bought: sql<boolean>`(exists(${weeks}) or exists(${programs}))`,
      timeZone: sql<string>`coalesce(${regions.timeZone}, ${MOSCOW_TIME_ZONE})`,
    })
    .from(users)
    .leftJoin(regions, eq(regions.id, users.regionId))
    .where(eq(users.id, userId))
    .limit(1)
    .prepare('profile_show');
}

const profileQuery = preparedFor(buildProfileQuery);

/** The profile's facts of one account, or undefined when the account is gone. */
export async function profileFacts(db: Database, id: number, at: Date) {
  const [row] = await profileQuery(db).execute({ userId: id, now: at });
  return row;
}
