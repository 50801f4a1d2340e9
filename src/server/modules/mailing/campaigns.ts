// Campaigns: a mail to every parent who receives its category. Starting one writes its recipient list as
// pending deliveries in one statement (the per-recipient log) and wakes the sender, which sends them at the
// steady rate; cancelling stops what has not left yet.
import { and, eq, sql } from 'drizzle-orm';
import { PLACEHOLDER_EMAIL_DOMAIN } from '@contract/api/oauth-values';
import type { Database } from '../../db/client';
import { mailingCampaigns, mailingDeliveries, users } from '../../db/schema/index';
import { conflict, notFound } from '../../plugins/errors';
import { ensureDeliverJob } from './deliver';
import { receivesCategory } from './preferences';

export const CAMPAIGN_NOT_FOUND = 'Рассылка не найдена';
export const CAMPAIGN_NOT_DRAFT = 'Эта рассылка уже отправлена или отменена';
export const CAMPAIGN_NOT_SENDING = 'Эта рассылка сейчас не отправляется';

/** Starts a draft: every parent who receives its category at this moment gets one pending delivery. */
export async function startCampaign(
  db: Database,
  campaignId: number,
  now: Date,
): Promise<{ recipients: number }> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .select({ status: mailingCampaigns.status, categoryId: mailingCampaigns.categoryId })
      .from(mailingCampaigns)
      .where(eq(mailingCampaigns.id, campaignId))
      .for('update');
    if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
    if (campaign.status !== 'draft') throw conflict(CAMPAIGN_NOT_DRAFT);

    const inserted = (await tx.execute(sql`
      insert into ${mailingDeliveries} (user_id, category_id, campaign_id, dedupe_key, created_at)
      select ${users.id}, ${campaign.categoryId}, ${campaignId},
        'campaign:' || ${campaignId}::text || ':' || ${users.id}::text, ${now.toISOString()}::timestamptz
      from ${users}
      where ${users.role} = 'parent' and ${users.emailVerifiedAt} is not null
        and ${users.blockedAt} is null
        and ${users.email} not like ${`%@${PLACEHOLDER_EMAIL_DOMAIN}`}
        and ${receivesCategory(sql`${users.id}`, campaign.categoryId)}
      order by ${users.id}
      on conflict (dedupe_key) do nothing
      returning id`)) as unknown as { rows: unknown[] };
    const recipients = inserted.rows;

    await tx
      .update(mailingCampaigns)
      .set({
        status: recipients.length > 0 ? 'sending' : 'sent',
        startedAt: now,
        finishedAt: recipients.length > 0 ? null : now,
        updatedAt: now,
      })
      .where(eq(mailingCampaigns.id, campaignId));
    if (recipients.length > 0) await ensureDeliverJob(tx);
    return { recipients: recipients.length };
  });
}

/** Stops a campaign being sent: its pending mails are skipped; what was sent stays in the log. */
export async function cancelCampaign(db: Database, campaignId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(mailingCampaigns)
      .set({ status: 'cancelled', finishedAt: now, updatedAt: now })
      .where(and(eq(mailingCampaigns.id, campaignId), eq(mailingCampaigns.status, 'sending')))
      .returning({ id: mailingCampaigns.id });
    if (!done) throw conflict(CAMPAIGN_NOT_SENDING);
    await tx
      .update(mailingDeliveries)
      .set({ status: 'skipped', note: 'cancelled' })
      .where(
        and(eq(mailingDeliveries.campaignId, campaignId), eq(mailingDeliveries.status, 'pending')),
      );
  });
}

export interface CampaignCounts {
  recipients: number;
  pending: number;
  sent: number;
  skipped: number;
  failed: number;
  unsubscribed: number;
}

export async function campaignCounts(db: Database, campaignId: number): Promise<CampaignCounts> {
  const [row] = await db
    .select({
      recipients: sql<number>`count(*)::int`,
      pending: sql<number>`count(*) filter (where ${mailingDeliveries.status} = 'pending')::int`,
      sent: sql<number>`count(*) filter (where ${mailingDeliveries.status} = 'sent')::int`,
      skipped: sql<number>`count(*) filter (where ${mailingDeliveries.status} = 'skipped')::int`,
      failed: sql<number>`count(*) filter (where ${mailingDeliveries.status} = 'failed')::int`,
      unsubscribed: sql<number>`count(${mailingDeliveries.unsubscribedAt})::int`,
    })
    .from(mailingDeliveries)
    .where(eq(mailingDeliveries.campaignId, campaignId));
  return row ?? { recipients: 0, pending: 0, sent: 0, skipped: 0, failed: 0, unsubscribed: 0 };
}
