// Families for `npm run bench`: many parents, each with a child on the «four-five» program, a trial in
// force and a few watched lessons, written with a handful of set-based statements so even 100 000 families
// take seconds. A database kept between runs (BENCH_DATABASE_URL) gets only the families it lacks. The bench then reads one family's lessons and progress: with the right indexes their
// cost does not depend on how many other families there are.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { children, users } from '../src/server/db/schema/index';
import { systemClock } from '../src/server/deps';
import { createSession } from '../src/server/modules/auth/service';

export interface BenchFamily {
  token: string;
  childId: number;
}

export async function seedBenchFamilies(db: Database, count: number): Promise<BenchFamily> {
  await db.execute(sql`
    insert into users (email, name)
    select 'bench-' || g || '@example.ru', 'Родитель' from generate_series(1, ${count}) g
    on conflict (email) do nothing`);
  await db.execute(sql`
    insert into children (user_id, name, birth_date, age_group)
    select id, 'Маша', '2022-06-01', 'four-five' from users u where email like 'bench-%'
      and not exists (select 1 from children c where c.user_id = u.id)`);
  await db.execute(sql`
    insert into family_subscriptions (user_id, tariff_id, source, amount_children, starts_at, ends_at)
    select u.id, t.id, 'trial', 1, now(), now() + interval '7 days'
    from users u cross join (select id from tariffs where is_free limit 1) t
    where u.email like 'bench-%'
      and not exists (select 1 from family_subscriptions s where s.user_id = u.id)`);
  await db.execute(sql`
    insert into lesson_stats (child_id, lesson_key, watched_seconds, completed_at)
    select c.id, l.code, 12, now()
    from children c join users u on u.id = c.user_id
    cross join (select code from lessons where code in ('four-five-w1-l1', 'four-five-w1-l2')) l
    where u.email like 'bench-%'
    on conflict (child_id, lesson_key) do nothing`);
  await db.execute(sql`analyze`);

  // A family in the middle of the table: neither the first rows nor the last.
  const [middle] = await db
    .select({ userId: users.id, childId: children.id })
    .from(users)
    .innerJoin(children, eq(children.userId, users.id))
    .where(eq(users.email, `bench-${Math.ceil(count / 2)}@example.ru`));
  if (!middle) throw new Error('bench families were not written');
  return {
    token: await createSession({ db, clock: systemClock, userId: middle.userId }),
    childId: middle.childId,
  };
}
