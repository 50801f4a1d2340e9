// The mailing sender: takes pending deliveries (campaign mails, lesson reminders) in order and sends them at
// the configured steady rate, a batch every BATCH_INTERVAL_MS. Each row is checked again just before its mail
// leaves — a parent who unsubscribed a second ago, or whose child's reminder was switched off, gets nothing
// — and gets a fresh unsubscribe token whose hash is stored on the row.
//
// Rows are claimed with FOR UPDATE SKIP LOCKED and a claim time, so two senders (two instances, or a job
// re-run after a crash) never send one row twice at once. A row sent but not yet marked when its sender dies
// is sent once more after CLAIM_MS: at least once, like every job.
//
// A lesson reminder never leaves at night by its family's clock (21:00–08:00; family-clock.ts): one queued
// late in the family's hour and held up behind a long campaign, or left by a crash, waits for the morning,
// when the reminder scan wakes the sender again; so does Sunday's weekly letter. Reminders and weekly
// letters go before campaign letters: they are due now.
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { MAILING_CATEGORY_SLUGS } from '@contract/api/mailing';
import { isPlaceholderEmail } from '@contract/api/oauth-values';
import type { Database } from '../../db/client';
import {
  children,
  jobs,
  mailingCampaigns,
  mailingCategories,
  mailingDeliveries,
  users,
} from '../../db/schema/index';
import { enqueue } from '../../jobs/queue';
import type { JobContext, JobHandler } from '../../jobs/types';
import { renderMail } from '../../integrations/mail/render';
import { createMailTransport } from '../../integrations/mail/transport';
import type { MailRequest } from '../../integrations/mail/types';
import { familyDaytime } from './family-clock';
import { newLinkToken, unsubscribeUrl } from './links';
import { receivesCategory } from './preferences';
import { NUDGE_NOTE, WEEKLY_KEY_PREFIX, weeklyLetterOf } from './weekly-letter-content';

export const MAILING_DELIVER_JOB = 'mailing.deliver';
export const BATCH_INTERVAL_MS = 10_000;
/** A claimed row is left alone this long; after it, its sender is taken for dead. */
export const CLAIM_MS = 5 * 60_000;
/** Tries of one mail before it is marked failed (the transport was down every time). */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** After a failed send the sender waits this long: the transport is likely down. */
export const FAILURE_PAUSE_MS = 60_000;
/** However high the rate, one batch stays far shorter than CLAIM_MS (a slow SMTP takes seconds a letter). */
const MAX_BATCH = 200;

export const batchSize = (ratePerMinute: number) =>
  Math.min(MAX_BATCH, Math.max(1, Math.ceil((ratePerMinute * BATCH_INTERVAL_MS) / 60_000)));

/** Queues the sender unless one is already waiting: called whenever deliveries are added. */
export async function ensureDeliverJob(db: Database, runAt?: Date): Promise<void> {
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, MAILING_DELIVER_JOB), eq(jobs.status, 'pending')))
    .limit(1);
  if (!waiting) await enqueue(db, MAILING_DELIVER_JOB, {}, runAt ? { runAt } : {});
}

type Claimed = Pick<
  typeof mailingDeliveries.$inferSelect,
  | 'id'
  | 'userId'
  | 'categoryId'
  | 'campaignId'
  | 'childId'
  | 'weekNumber'
  | 'attempts'
  | 'createdAt'
>;
// `attempts` counts letters really handed to the transport; a claim alone is not a try.

/**
 * A pending letter no sender holds, which may leave now: a reminder or Sunday's weekly letter only in its
 * family's daytime.
 */
const sendable = (now: Date) =>
  and(
    eq(mailingDeliveries.status, 'pending'),
    or(
      isNull(mailingDeliveries.claimedAt),
      lt(mailingDeliveries.claimedAt, new Date(now.getTime() - CLAIM_MS)),
    ),
    or(
      and(
        isNull(mailingDeliveries.childId),
        sql`(${mailingDeliveries.dedupeKey} is null or ${mailingDeliveries.dedupeKey} not like ${`${WEEKLY_KEY_PREFIX}%`})`,
      ),
      familyDaytime(now, sql`${mailingDeliveries.userId}`),
    ),
  );

/** Whether any letter may leave now: the sender is then woken (or kept going). */
export async function hasLettersToSend(db: Database, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: mailingDeliveries.id })
    .from(mailingDeliveries)
    .where(sendable(now))
    .limit(1);
  return row !== undefined;
}

async function claim(db: Database, now: Date, limit: number): Promise<Claimed[]> {
  const next = db
    .select({ id: mailingDeliveries.id })
    .from(mailingDeliveries)
    .where(sendable(now))
    .orderBy(sql`${mailingDeliveries.campaignId} is not null`, mailingDeliveries.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailingDeliveries)
    .set({ claimedAt: now })
    .where(inArray(mailingDeliveries.id, next))
    .returning({
      id: mailingDeliveries.id,
      userId: mailingDeliveries.userId,
      categoryId: mailingDeliveries.categoryId,
      campaignId: mailingDeliveries.campaignId,
      childId: mailingDeliveries.childId,
      weekNumber: mailingDeliveries.weekNumber,
      attempts: mailingDeliveries.attempts,
      createdAt: mailingDeliveries.createdAt,
    });
}

/**
 * Writes to a row only while this sender's claim on it stands (`claimed_at` is still ours): a row another
 * sender took over after CLAIM_MS is left to it. True when the row was written.
 */
async function whileClaimed(
  db: Database,
  id: number,
  claimedAt: Date,
  set: Partial<typeof mailingDeliveries.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(mailingDeliveries)
    .set(set)
    .where(
      and(
        eq(mailingDeliveries.id, id),
        eq(mailingDeliveries.status, 'pending'),
        eq(mailingDeliveries.claimedAt, claimedAt),
      ),
    )
    .returning({ id: mailingDeliveries.id });
  return rows.length > 0;
}

/** Why a mailing letter cannot reach this person now, or null: checked again just before each leaves. */
export function whyUnreachable(person: {
  email: string;
  verifiedAt: Date | null;
  blockedAt: Date | null;
  receives: boolean;
}): 'no_address' | 'unconfirmed' | 'blocked' | 'unsubscribed' | null {
  if (isPlaceholderEmail(person.email)) return 'no_address';
  if (!person.verifiedAt) return 'unconfirmed';
  if (person.blockedAt) return 'blocked';
  if (!person.receives) return 'unsubscribed';
  return null;
}

/** The mail a delivery sends, or the reason it must not be sent now. */
async function compose(
  db: Database,
  row: Claimed,
  publicUrl: string,
  token: string,
): Promise<{ mail: MailRequest; note?: string } | { skip: string }> {
  const [recipient] = await db
    .select({
      email: users.email,
      name: users.name,
      verifiedAt: users.emailVerifiedAt,
      blockedAt: users.blockedAt,
      receives: sql<boolean>`${receivesCategory(sql`${users.id}`, row.categoryId)}`,
      category: mailingCategories.title,
      slug: mailingCategories.slug,
    })
    .from(users)
    .innerJoin(mailingCategories, eq(mailingCategories.id, row.categoryId))
    .where(eq(users.id, row.userId));
  if (!recipient) return { skip: 'no_recipient' };
  const unreachable = whyUnreachable(recipient);
  if (unreachable) return { skip: unreachable };
  const common = {
    name: recipient.name,
    category: recipient.category,
    unsubscribe_url: unsubscribeUrl(publicUrl, token),
  };

  if (row.campaignId !== null) {
    const [campaign] = await db
      .select()
      .from(mailingCampaigns)
      .where(eq(mailingCampaigns.id, row.campaignId));
    if (!campaign || campaign.status !== 'sending') return { skip: 'cancelled' };
    const button =
      campaign.buttonLabel && campaign.buttonUrl
        ? { label: campaign.buttonLabel, url: campaign.buttonUrl }
        : null;
    return {
      mail: {
        template: 'campaign',
        to: recipient.email,
        data: { ...common, subject: campaign.subject, body: campaign.body, button },
      },
    };
  }

  if (recipient.slug === MAILING_CATEGORY_SLUGS.weeklyLetter) {
    // Read for the week the letter was queued in: one held through the night still tells of Sunday's week.
    const read = await weeklyLetterOf(db, row.userId, row.categoryId, row.createdAt);
    if ('none' in read) return { skip: read.none };
    return {
      mail: {
        template: 'weekly-letter',
        to: recipient.email,
        data: { ...common, letter: read.letter },
      },
      // The log remembers a nudge: the next one is sent only after the family watched again.
      ...(read.letter.kind === 'nudge' ? { note: NUDGE_NOTE } : {}),
    };
  }

  if (row.childId === null || row.weekNumber === null) return { skip: 'unknown_kind' };
  const [child] = await db
    .select({ name: children.name, remind: children.remindAboutLessons })
    .from(children)
    .where(and(eq(children.id, row.childId), eq(children.userId, row.userId)));
  if (!child) return { skip: 'child_gone' };
  if (!child.remind) return { skip: 'reminder_off' };
  return {
    mail: {
      template: 'lesson-reminder',
      to: recipient.email,
      data: { ...common, child: child.name, week: row.weekNumber },
    },
  };
}

export interface DeliverSummary {
  sent: number;
  skipped: number;
  failed: number;
  /** Pending rows remain: the sender runs again after BATCH_INTERVAL_MS. */
  more: boolean;
  /** A letter could not be sent: the sender pauses FAILURE_PAUSE_MS. */
  transportDown: boolean;
}

export async function deliverBatch(
  context: Pick<JobContext, 'db' | 'config' | 'clock' | 'logger'>,
): Promise<DeliverSummary> {
  const { db, config, logger } = context;
  const now = context.clock();
  const rows = await claim(db, now, batchSize(config.mail.ratePerMinute));
  const transport = createMailTransport({ smtpUrl: config.mail.smtpUrl, db, clock: context.clock });
  const summary: DeliverSummary = {
    sent: 0,
    skipped: 0,
    failed: 0,
    more: false,
    transportDown: false,
  };
  for (const [index, row] of rows.entries()) {
    const { token, hash } = newLinkToken();
    const composed = await compose(db, row, config.publicUrl, token);
    if ('skip' in composed) {
      if (await whileClaimed(db, row.id, now, { status: 'skipped', note: composed.skip })) {
        summary.skipped += 1;
      }
      continue;
    }
    // The hash is stored before the mail leaves, so a link in a sent mail always works; and the letter
    // leaves only if the row is still this sender's.
    const attempt = row.attempts + 1;
    if (!(await whileClaimed(db, row.id, now, { tokenHash: hash, attempts: attempt }))) continue;
    try {
      await transport.send(await renderMail(composed.mail, config));
      await whileClaimed(db, row.id, now, {
        status: 'sent',
        sentAt: context.clock(),
        note: composed.note ?? null,
      });
      summary.sent += 1;
    } catch (error) {
      const exhausted = attempt >= MAX_DELIVERY_ATTEMPTS;
      if (exhausted) {
        await whileClaimed(db, row.id, now, { status: 'failed', note: 'transport' });
        summary.failed += 1;
      }
      logger.warn(
        { delivery: row.id, attempt, err: (error as Error).message },
        'mailing: the mail could not be sent',
      );
      // The transport is likely down: the rest of the batch is let go untried, and the sender pauses.
      const untried = rows.slice(index + 1).map((r) => r.id);
      if (untried.length > 0) {
        await db
          .update(mailingDeliveries)
          .set({ claimedAt: null })
          .where(and(inArray(mailingDeliveries.id, untried), eq(mailingDeliveries.claimedAt, now)));
      }
      summary.transportDown = true;
      break;
    }
  }
  await closeFinishedCampaigns(db, rows, context.clock());
  // Reminders held through their family's night do not keep the sender awake: the scan wakes it.
  summary.more = await hasLettersToSend(db, context.clock());
  return summary;
}

async function closeFinishedCampaigns(db: Database, rows: Claimed[], now: Date): Promise<void> {
  const ids = [...new Set(rows.flatMap((r) => (r.campaignId === null ? [] : [r.campaignId])))];
  for (const id of ids) {
    await db
      .update(mailingCampaigns)
      .set({ status: 'sent', finishedAt: now, updatedAt: now })
      .where(
        and(
          eq(mailingCampaigns.id, id),
          eq(mailingCampaigns.status, 'sending'),
          sql`not exists (select 1 from ${mailingDeliveries}
            where ${mailingDeliveries.campaignId} = ${id} and ${mailingDeliveries.status} = 'pending')`,
        ),
      );
  }
}

export const deliverJob: JobHandler = async (_payload, context) => {
  const summary = await deliverBatch(context);
  if (summary.sent + summary.skipped + summary.failed > 0) {
    context.logger.info(summary, 'mailing batch');
  }
  if (summary.more) {
    await ensureDeliverJob(context.db, new Date(context.clock().getTime() + BATCH_INTERVAL_MS));
  }
};
