// The back office's side of mailing: categories with their audience, campaigns with their counts, and the
// per-recipient log of a campaign.
import { and, count, eq, sql } from 'drizzle-orm';
import type { AdminCampaign } from '@contract/api/admin';
import { PLACEHOLDER_EMAIL_DOMAIN } from '@contract/api/oauth-values';
import type { Database } from '../../db/client';
import {
  mailingCampaigns,
  mailingCategories,
  mailingChoices,
  mailingDeliveries,
  users,
} from '../../db/schema/index';
import { conflict, invalidField, notFound } from '../../plugins/errors';
import { iso, listMeta, offsetOf, orderOf, type ListQuery } from '../../shared/list';
import { recordAudit, type AuditActor } from '../../shared/audit';
import {
  CAMPAIGN_NOT_DRAFT,
  CAMPAIGN_NOT_FOUND,
  campaignCounts,
  cancelCampaign,
  startCampaign,
} from './campaigns';
import { UNKNOWN_CATEGORY, maskEmail, receivesCategory } from './preferences';

const CATEGORY_NOT_FOUND = 'Рассылка не найдена';

export async function adminCategories(db: Database, only?: { requiresConsent: boolean }) {
  const rows = await db
    .select({
      id: mailingCategories.id,
      slug: mailingCategories.slug,
      title: mailingCategories.title,
      description: mailingCategories.description,
      requires_consent: mailingCategories.requiresConsent,
    })
    .from(mailingCategories)
    .where(only ? eq(mailingCategories.requiresConsent, only.requiresConsent) : undefined)
    .orderBy(mailingCategories.position, mailingCategories.id);
  return Promise.all(
    rows.map(async (row) => {
      const [[audience], [left]] = await Promise.all([
        db
          .select({ n: count() })
          .from(users)
          .where(
            and(
              eq(users.role, 'parent'),
              sql`${users.emailVerifiedAt} is not null`,
              sql`${users.email} not like ${`%@${PLACEHOLDER_EMAIL_DOMAIN}`}`,
              receivesCategory(sql`${users.id}`, row.id),
            ),
          ),
        db
          .select({ n: count() })
          .from(mailingChoices)
          .where(and(eq(mailingChoices.categoryId, row.id), eq(mailingChoices.subscribed, false))),
      ]);
      return { ...row, subscribers: audience?.n ?? 0, unsubscribed: left?.n ?? 0 };
    }),
  );
}

type CampaignRow = typeof mailingCampaigns.$inferSelect;

function toAdminCampaign(
  row: CampaignRow,
  counts: Omit<AdminCampaign, keyof ReturnType<typeof campaignFields>>,
): AdminCampaign {
  return { ...campaignFields(row), ...counts };
}

function campaignFields(row: CampaignRow) {
  return {
    id: row.id,
    category_id: row.categoryId,
    subject: row.subject,
    body: row.body,
    button_label: row.buttonLabel,
    button_url: row.buttonUrl,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

export async function listCampaigns(db: Database, query: ListQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailingCampaigns)
      .orderBy(
        orderOf(
          query,
          { id: mailingCampaigns.id, created_at: mailingCampaigns.createdAt },
          mailingCampaigns.id,
        ),
      )
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(mailingCampaigns),
  ]);
  const data = await Promise.all(
    rows.map(async (row) => toAdminCampaign(row, await campaignCounts(db, row.id))),
  );
  return { data, meta: listMeta(query, total?.n ?? 0) };
}

export async function getCampaign(db: Database, id: number): Promise<AdminCampaign> {
  const [row] = await db.select().from(mailingCampaigns).where(eq(mailingCampaigns.id, id));
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return toAdminCampaign(row, await campaignCounts(db, id));
}

export const SERVICE_CATEGORY =
  'В эту рассылку пишет сама школа. Для кампании выберите новости, советы или скидки';

/**
 * A campaign goes only to an advertising category: those reach only parents who agreed to advertising,
 * while lesson reminders reach everyone and must not carry a promotion (38-FZ).
 */
async function requireCampaignCategory(db: Database, categoryId: number): Promise<void> {
  const [category] = await db
    .select({ requiresConsent: mailingCategories.requiresConsent })
    .from(mailingCategories)
    .where(eq(mailingCategories.id, categoryId));
  if (!category) throw invalidField('category_id', UNKNOWN_CATEGORY);
  if (!category.requiresConsent) throw invalidField('category_id', SERVICE_CATEGORY);
}

type ParsedCampaign = {
  category_id: number;
  subject: string;
  body: string;
  button_label: string | null;
  button_url: string | null;
};

const columnsOf = (input: ParsedCampaign) => ({
  categoryId: input.category_id,
  subject: input.subject,
  body: input.body,
  buttonLabel: input.button_label,
  buttonUrl: input.button_url,
});

/** A new draft, audited in the same transaction. */
export async function createCampaign(
  db: Database,
  actor: AuditActor,
  input: ParsedCampaign,
  now: Date,
): Promise<AdminCampaign> {
  return db.transaction(async (tx) => {
    await requireCampaignCategory(tx, input.category_id);
    const [row] = await tx
      .insert(mailingCampaigns)
      .values({ ...columnsOf(input), createdBy: actor.id, createdAt: now, updatedAt: now })
      .returning({ id: mailingCampaigns.id });
    if (!row) throw new Error('the campaign insert returned no row');
    const created = await getCampaign(tx, row.id);
    await recordAudit(tx, actor, {
      action: 'create',
      resource: 'campaigns',
      recordId: created.id,
      summary: { subject: created.subject, category_id: created.category_id },
    });
    return created;
  });
}

/** Only a draft changes: a campaign being sent or sent is what its letters said. */
export async function updateCampaign(
  db: Database,
  actor: AuditActor,
  id: number,
  input: ParsedCampaign,
  now: Date,
): Promise<AdminCampaign> {
  return db.transaction(async (tx) => {
    await requireCampaignCategory(tx, input.category_id);
    const [row] = await tx
      .update(mailingCampaigns)
      .set({ ...columnsOf(input), updatedAt: now })
      .where(and(eq(mailingCampaigns.id, id), eq(mailingCampaigns.status, 'draft')))
      .returning({ id: mailingCampaigns.id });
    if (!row) {
      await getCampaign(tx, id);
      throw conflict(CAMPAIGN_NOT_DRAFT);
    }
    const updated = await getCampaign(tx, id);
    await recordAudit(tx, actor, {
      action: 'update',
      resource: 'campaigns',
      recordId: id,
      summary: { subject: updated.subject },
    });
    return updated;
  });
}

/** Sending queues a letter to every subscriber of the category; cancelling keeps the unsent ones. */
export async function runCampaign(
  db: Database,
  actor: AuditActor,
  id: number,
  action: 'send' | 'cancel',
  now: Date,
): Promise<AdminCampaign> {
  await getCampaign(db, id);
  await db.transaction(async (tx) => {
    const summary =
      action === 'send' ? await startCampaign(tx, id, now) : await cancelCampaign(tx, id, now);
    await recordAudit(tx, actor, {
      action,
      resource: 'campaigns',
      recordId: id,
      summary: summary ?? {},
    });
  });
  return getCampaign(db, id);
}

/** The log shows addresses in full to the administrator; an editor writes letters and needs no addresses. */
export async function campaignDeliveries(
  db: Database,
  campaignId: number,
  query: ListQuery,
  fullAddresses: boolean,
) {
  await getCampaign(db, campaignId);
  const where = eq(mailingDeliveries.campaignId, campaignId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mailingDeliveries.id,
        email: users.email,
        status: mailingDeliveries.status,
        note: mailingDeliveries.note,
        sentAt: mailingDeliveries.sentAt,
        unsubscribedAt: mailingDeliveries.unsubscribedAt,
      })
      .from(mailingDeliveries)
      .innerJoin(users, eq(users.id, mailingDeliveries.userId))
      .where(where)
      .orderBy(mailingDeliveries.id)
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(mailingDeliveries).where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      email: fullAddresses ? r.email : maskEmail(r.email),
      status: r.status,
      note: r.note,
      sent_at: iso(r.sentAt),
      unsubscribed_at: iso(r.unsubscribedAt),
    })),
    meta: listMeta(query, total?.n ?? 0),
  };
}

export async function categoryById(db: Database, id: number) {
  const found = (await adminCategories(db)).find((c) => c.id === id);
  if (!found) throw notFound(CATEGORY_NOT_FOUND);
  return found;
}

/** A category's title and description, audited in the same transaction. */
export async function updateCategory(
  db: Database,
  actor: AuditActor,
  id: number,
  input: { title: string; description: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(mailingCategories)
      .set({ title: input.title, description: input.description, updatedAt: now })
      .where(eq(mailingCategories.id, id))
      .returning({ id: mailingCategories.id });
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    const found = await categoryById(tx, id);
    await recordAudit(tx, actor, {
      action: 'update',
      resource: 'mailing-categories',
      recordId: id,
      summary: { title: input.title },
    });
    return found;
  });
}
