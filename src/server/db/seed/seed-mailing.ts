// A mailing category added to a school that already has parents: the seed writes it once, and a parent
// who had left every mailing (all categories off: «Отписаться от всех») gets it off too, as their own
// choice carried over. Everyone else receives it by its rule (modules/mailing/preferences.ts).
import { sql } from 'drizzle-orm';
import type { Database } from '../client';

export async function keepLeftEverything(db: Database, categoryId: number, now: Date) {
  await db.execute(sql`
    insert into mailing_choices (user_id, category_id, subscribed, source, changed_at)
    select u.id, ${categoryId}, false, 'profile', ${now.toISOString()}::timestamptz
    from users u
    where not exists (
      select 1 from mailing_categories c
      where c.id <> ${categoryId}
        and coalesce(
          (select ch.subscribed from mailing_choices ch
            where ch.user_id = u.id and ch.category_id = c.id),
          case when c.requires_consent then exists (
            select 1 from consents k
            where k.user_id = u.id and k.kind = 'mailing' and k.withdrawn_at is null)
          else true end)
    )
    on conflict do nothing`);
}
