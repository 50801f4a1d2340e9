// Families for `npm run bench`, written with set-based SQL (INSERT … SELECT over generate_series) in
// batches, never one family at a time through the ORM: a million families take minutes, not hours. Each
// family is a function of its number n (bench-n@example.ru), so a database kept between runs
// (BENCH_DATABASE_URL) only gets the families it lacks, and the same n always looks the same.
//
// The shapes follow what real families leave behind, so the hot queries meet real index sizes: 1–3
// children on their age group's program with up to 12 watched lessons each, a trial for most, a paid
// subscription in force for 40 % (purchase + paid order), an expired one for 20 %, failed payment attempts,
// saved cards with auto-renewal switched off, consents, a linked VK account, bought weeks and additional
// programs, and one open session per family. Every parent has the same password: its argon2 hash is
// computed once per run (hashing a million would take hours on two cores).
//
// Two things are kept out on purpose, because the app's job worker would act on them while the bench
// measures: lesson reminders are off for every bench child (the 15-minute reminder scan would otherwise mail
// a seventh of them each day), and saved cards have auto-renewal switched off (nothing is charged).
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { systemClock } from '../src/server/deps';
import { hashPassword } from '../src/server/shared/passwords';
import { createSession } from '../src/server/modules/auth/service';

/** The password of every bench parent (the login benchmark signs in with it). */
export const BENCH_PASSWORD = 'bench-password-2026';
const BATCH = 20_000;

export interface BenchFamily {
  email: string;
  token: string;
  childId: number;
}

export const benchEmail = (n: number) => `bench-${n}@example.ru`;

/** How many bench families the database holds (they are numbered 1…count without gaps). */
export async function countBenchFamilies(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from users where email like 'bench-%@example.ru'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/**
 * Writes families count+1…target and returns how many were added; `onBatch` hears the progress.
 * The caller runs VACUUM ANALYZE afterwards where it can (not inside a transaction).
 */
export async function growBenchFamilies(
  db: Database,
  target: number,
  onBatch?: (done: number) => void,
): Promise<number> {
  const have = await countBenchFamilies(db);
  if (have >= target) return 0;
  const hash = await hashPassword(BENCH_PASSWORD);
  for (let from = have + 1; from <= target; from += BATCH) {
    const to = Math.min(target, from + BATCH - 1);
    await db.transaction(async (tx) => writeBatch(tx, from, to, hash));
    onBatch?.(to);
  }
  return target - have;
}

async function writeBatch(db: Database, from: number, to: number, hash: string): Promise<void> {
  // A bench database is rebuilt, never restored: losing the last batch to a crash costs nothing.
  await db.execute(sql`set local synchronous_commit = off`);
  // A batch is bigger than a request: the pool's statement timeout is for requests.
  await db.execute(sql`set local statement_timeout = 0`);
  await db.execute(sql`
    insert into users (email, password_hash, name, surname, phone, region_id, email_verified_at,
                       created_at, updated_at)
    select 'bench-' || g || '@example.ru', ${hash},
      (array['Анна','Мария','Елена','Ольга','Наталья','Ирина','Сергей','Алексей'])[1 + g % 8],
      (array['Иванова','Петрова','Смирнова','Кузнецова','Попова','Соколов','Лебедев'])[1 + g % 7],
      '+79' || lpad((g % 1000000000)::text, 9, '0'),
      r.ids[1 + g % cardinality(r.ids)],
      timestamptz '2025-01-01' + g * interval '25 seconds',
      timestamptz '2025-01-01' + g * interval '25 seconds',
      timestamptz '2025-01-01' + g * interval '25 seconds'
    from generate_series(${from}::int, ${to}::int) g
    cross join (select array_agg(id order by id) as ids from regions) r
    on conflict (email) do nothing`);
  await db.execute(sql`
    create temp table bench_batch on commit drop as
    select g as n, u.id as user_id, u.created_at
    from generate_series(${from}::int, ${to}::int) g
    join users u on u.email = 'bench-' || g || '@example.ru'`);
  // Temporary tables have no statistics until analysed, and the planner would guess one row.
  await db.execute(sql`analyze bench_batch`);
  await db.execute(sql`
    insert into children (user_id, name, birth_date, age_group, remind_about_lessons, study_mode,
                          created_at, updated_at)
    select b.user_id,
      (array['Маша','Ваня','Соня','Миша','Алиса','Артём','Ева','Лёва'])[1 + (b.n + k) % 8],
      date '2019-06-01' + ((b.n * 37 + k * 11) % 1700),
      (array['two-three','three-four','four-five','five-six','six-seven'])[1 + (b.n + k) % 5],
      false,
      case when b.n % 10 = 0 then 'free' else 'schedule' end,
      b.created_at, b.created_at
    from bench_batch b
    cross join lateral generate_series(1, 1 + (b.n % 3 = 0)::int + (b.n % 7 = 0)::int) k`);
  await db.execute(sql`
    create temp table bench_kids on commit drop as
    select c.id as child_id, b.n, b.user_id,
      row_number() over (partition by c.user_id order by c.id)::int as k,
      count(*) over (partition by c.user_id)::int as kids,
      mp.id as program_id
    from bench_batch b
    join children c on c.user_id = b.user_id
    join age_groups ag on ag.slug = c.age_group
    join main_programs mp on mp.age_group_id = ag.id`);
  await db.execute(sql`analyze bench_kids`);
  await db.execute(sql`
    insert into child_programs (child_id, main_program_id, started_at)
    select child_id, program_id, now() - ((n + k) % 20) * interval '1 week' - (n % 24) * interval '1 hour'
    from bench_kids`);
  // Up to 12 watched lessons per child, the first ones of its program in order.
  await db.execute(sql`
    insert into lesson_stats (child_id, lesson_key, watched_seconds, completed_at, updated_at)
    select bk.child_id, r.code, 60 + (bk.n % 240),
      case when r.rn < (bk.n + bk.k) % 13 then now() - r.rn * interval '1 day' end,
      now() - r.rn * interval '1 day'
    from bench_kids bk
    join (select l.code, w.main_program_id,
                 row_number() over (partition by w.main_program_id order by w.number, l.position) rn
          from lessons l join program_weeks w on w.id = l.week_id) r
      on r.main_program_id = bk.program_id and r.rn <= (bk.n + bk.k) % 13`);
  // The trial: 80 % of families took it, long over.
  await db.execute(sql`
    insert into family_subscriptions (user_id, tariff_id, source, amount_children, starts_at, ends_at,
                                      created_at)
    select b.user_id, t.id, 'trial', 1, b.created_at, b.created_at + interval '7 days', b.created_at
    from bench_batch b cross join (select id from tariffs where is_free order by id limit 1) t
    where b.n % 5 <> 4`);
  // Paid subscriptions: n % 5 = 0 or 1 in force now, n % 5 = 2 over a year ago; the tariff covers the
  // family's children. Each is a paid purchase with its paid order at the bank.
  await db.execute(sql`
    create temp table bench_paid on commit drop as
    select b.n, b.user_id, t.id as tariff_id, t.title, t.price, t.duration, t.amount_children,
      case when b.n % 5 = 2 then now() - interval '400 days' else now() - (b.n % 28) * interval '1 day' end
        as starts_at
    from bench_batch b
    join (select user_id, count(*)::int as kids from bench_kids group by user_id) f on f.user_id = b.user_id
    join tariffs t on t.kind = 'subscription' and not t.is_free and t.is_active
      and t.amount_children = f.kids and t.duration = (array[1, 3, 6, 12])[1 + b.n % 4]
    where b.n % 5 in (0, 1, 2)`);
  await db.execute(sql`analyze bench_paid`);
  await db.execute(sql`
    insert into purchases (user_id, type, status, lines, tariff_id, amount, total, recurrent, paid_at,
                           created_at, updated_at)
    select user_id, 'subscription', 'paid',
      jsonb_build_array(jsonb_build_object('ref_id', tariff_id, 'name', title, 'quantity', 1,
                                           'price', price)),
      tariff_id, price, price, n % 5 = 0, starts_at, starts_at, starts_at
    from bench_paid`);
  // A declined card before the paid attempt, for one family in ten.
  await db.execute(sql`
    insert into purchases (user_id, type, status, lines, tariff_id, amount, total, created_at, updated_at)
    select user_id, 'subscription', 'cancelled',
      jsonb_build_array(jsonb_build_object('ref_id', tariff_id, 'name', title, 'quantity', 1,
                                           'price', price)),
      tariff_id, price, price, starts_at - interval '10 minutes', starts_at - interval '10 minutes'
    from bench_paid where n % 10 = 0`);
  await db.execute(sql`
    insert into payment_orders (purchase_id, user_id, order_number, gateway_order_id, state, amount,
                                gateway_status, action_code, fail_reason, masked_pan, settled_at,
                                created_at, updated_at)
    select p.id, p.user_id, 'B' || p.id, 'bench-' || p.id,
      case when p.status = 'paid' then 'paid' else 'failed' end,
      p.total,
      case when p.status = 'paid' then 2 else 6 end,
      case when p.status = 'paid' then 0 else 116 end,
      case when p.status = 'paid' then null else 'declined' end,
      '555555**5599', p.created_at + interval '2 minutes', p.created_at, p.created_at
    from purchases p join bench_batch b on b.user_id = p.user_id`);
  await db.execute(sql`
    insert into family_subscriptions (user_id, tariff_id, source, amount_children, starts_at, ends_at,
                                      purchase_id, created_at)
    select bp.user_id, bp.tariff_id, 'purchase', bp.amount_children, bp.starts_at,
      bp.starts_at + bp.duration * interval '1 month', p.id, bp.starts_at
    from bench_paid bp
    join purchases p on p.user_id = bp.user_id and p.status = 'paid'`);
  // Cards saved with the recurrent purchase, auto-renewal switched off since.
  await db.execute(sql`
    insert into card_bindings (user_id, binding_id, masked_pan, expiry_date, created_at)
    select user_id, 'bench-' || n, '555555**5599', '203012', starts_at
    from bench_paid where n % 5 = 0`);
  await db.execute(sql`
    insert into subscription_renewals (user_id, tariff_id, card_binding_id, consent_at, next_charge_at,
                                       cancelled_at, cancel_reason, created_at, updated_at)
    select bp.user_id, bp.tariff_id, cb.id, bp.starts_at,
      bp.starts_at + bp.duration * interval '1 month', now(), 'expensive', bp.starts_at, now()
    from bench_paid bp join card_bindings cb on cb.user_id = bp.user_id
    where bp.n % 5 = 0`);
  await db.execute(sql`
    insert into consents (user_id, kind, document_slug, document_version, ip, user_agent, given_at)
    select b.user_id, k.kind, k.slug, '1', '192.0.2.' || (b.n % 250 + 1), 'Mozilla/5.0 (bench)',
      b.created_at
    from bench_batch b
    cross join (values ('personal_data', 'privacy'), ('mailing', 'mailing')) k(kind, slug)
    where k.kind = 'personal_data' or b.n % 2 = 0`);
  await db.execute(sql`
    insert into social_accounts (user_id, provider, provider_user_id, name, linked_at)
    select user_id, 'vk', 'bench-' || n, 'Родитель', created_at from bench_batch where n % 8 = 0`);
  // Weeks bought on their own (one family in twenty) and an additional program (one in ten).
  await db.execute(sql`
    insert into child_weeks (child_id, week_id, created_at)
    select bk.child_id, w.id, now() from bench_kids bk
    join program_weeks w on w.main_program_id = bk.program_id and w.number in (1, 2)
    where bk.n % 20 = 0 and bk.k = 1`);
  await db.execute(sql`
    insert into child_additional_programs (child_id, additional_program_id, created_at)
    select bk.child_id, a.ids[1 + bk.n % cardinality(a.ids)], now()
    from bench_kids bk cross join (select array_agg(id order by id) as ids from additional_programs) a
    where bk.n % 10 = 3 and bk.k = 1`);
  // Everyone is signed in somewhere: the session lookup meets a table of a million tokens.
  await db.execute(sql`
    insert into sessions (user_id, token_hash, created_at, last_used_at, expires_at)
    select user_id, encode(sha256(convert_to('bench-session-' || n, 'UTF8')), 'hex'),
      now() - (n % 20) * interval '1 day', now() - (n % 20) * interval '1 day', now() + interval '29 days'
    from bench_batch`);
}

/** A family in the middle of the table (neither the first rows nor the last), signed in afresh. */
export async function middleFamily(db: Database, count: number): Promise<BenchFamily> {
  const email = benchEmail(Math.max(1, Math.ceil(count / 2)));
  const result = (await db.execute(sql`
    select u.id as user_id, c.id as child_id from users u join children c on c.user_id = u.id
    where u.email = ${email} order by c.id limit 1`)) as unknown as {
    rows: { user_id: number; child_id: number }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error(`bench family ${email} was not written`);
  return {
    email,
    token: await createSession({ db, clock: systemClock, userId: row.user_id }),
    childId: row.child_id,
  };
}
