// The rules of gift certificates in the back office (admin-certificates-routes.ts serves them): the
// administrator and support find one by code or by an address (the buyer's, the one it was sent to, the
// family that activated it) and see what became of it; the administrator may cancel one that nobody has
// activated yet.
//
// The code is the gift itself, so support sees only its first group and finds a certificate by the whole
// code, never by a piece of it (a search that answered for pieces would spell a code out letter by letter).
//
// Cancelling sets cancelled_at (the mark a refund of the gift's order sets too) and switches the code off,
// in one conditional update under the row's lock. Activation is itself one conditional update (valid, on,
// not cancelled, not activated), so whichever comes first wins and the other is refused: a cancelled code
// never adds months, and an activated one is never cancelled. Cancelling moves no money: a buyer who wants
// the money back gets it by «Вернуть деньги» on the order, which cancels the certificate itself; cancelling
// alone is for a code that must stop working while the money is not the school's to return (a card's
// owner disputed the payment, the bank returned it outside the back office). Who cancelled and why is in the
// audit log, written in the same transaction.
import type { z } from 'zod';
import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AdminCertificate,
  CertificateStatus,
  certificatesListQuery,
} from '@contract/api/admin-catalog';
import type { Database } from '../../db/client';
import {
  adminAudit,
  giftCertificates,
  paymentOrders,
  purchases,
  tariffs,
  users,
} from '../../db/schema/index';
import { conflict, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../../shared/audit';
import { iso, likeLiteral, offsetOf, orderOf } from '../../shared/list';
import { normalizeCertificateCode } from './certificates';

export const CERTIFICATE_NOT_FOUND = 'Сертификат не найден';
export const CERTIFICATE_ACTIVATED =
  'Сертификат уже активирован: время семье добавлено, отменить его нельзя';
export const CERTIFICATE_CANCELLED = 'Сертификат уже отменён';
export const CERTIFICATE_EXPIRED = 'Срок действия сертификата уже закончился — отменять нечего';

const AUDIT_RESOURCE = 'gift-certificates';
type ListQuery = z.output<typeof certificatesListQuery>;
/** A whole code as a parent types it: twelve letters and digits, dashes and spaces aside. */
const WHOLE_CODE = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/u;

const buyers = alias(users, 'buyer');
const activators = alias(users, 'activator');

const fields = {
  certificate: giftCertificates,
  tariff: {
    title: tariffs.title,
    duration: tariffs.duration,
    amountChildren: tariffs.amountChildren,
  },
  paid: purchases.total,
  buyerEmail: buyers.email,
  activatorEmail: activators.email,
};

const base = (db: Database) =>
  db
    .select(fields)
    .from(giftCertificates)
    .innerJoin(tariffs, eq(tariffs.id, giftCertificates.tariffId))
    .innerJoin(purchases, eq(purchases.id, giftCertificates.purchaseId))
    .leftJoin(buyers, eq(buyers.id, giftCertificates.buyerId))
    .leftJoin(activators, eq(activators.id, giftCertificates.activatedBy));

type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

interface Extras {
  /** The back office's cancel: who and why (a refund's cancel is told by the order). */
  cancels: Map<number, { by: string; reason: string | null }>;
  /** The order that paid for each certificate's purchase. */
  orders: Map<number, { id: number; number: string; state: string }>;
}

function statusWhere(status: CertificateStatus, now: Date): SQL | undefined {
  const unused = isNull(giftCertificates.activatedAt);
  const standing = and(unused, isNull(giftCertificates.cancelledAt));
  switch (status) {
    case 'activated':
      return isNotNull(giftCertificates.activatedAt);
    case 'cancelled':
      return and(unused, isNotNull(giftCertificates.cancelledAt));
    case 'expired':
      return and(standing, lte(giftCertificates.expiresAt, now));
    case 'off':
      return and(
        standing,
        gt(giftCertificates.expiresAt, now),
        eq(giftCertificates.isActive, false),
      );
    case 'active':
      return and(
        standing,
        gt(giftCertificates.expiresAt, now),
        eq(giftCertificates.isActive, true),
      );
  }
}

async function extras(db: Database, rows: readonly Row[]): Promise<Extras> {
  const ids = rows.map((row) => row.certificate.id);
  const purchaseIds = rows.map((row) => row.certificate.purchaseId);
  if (ids.length === 0) return { cancels: new Map(), orders: new Map() };
  const [audits, orders] = await Promise.all([
    db
      .select({
        recordId: adminAudit.recordId,
        by: adminAudit.actorEmail,
        summary: adminAudit.summary,
      })
      .from(adminAudit)
      .where(
        and(
          eq(adminAudit.resource, AUDIT_RESOURCE),
          eq(adminAudit.action, 'cancel'),
          inArray(
            adminAudit.recordId,
            ids.map((id) => String(id)),
          ),
        ),
      ),
    db
      .select({
        id: paymentOrders.id,
        purchaseId: paymentOrders.purchaseId,
        number: paymentOrders.orderNumber,
        state: paymentOrders.state,
      })
      .from(paymentOrders)
      .where(inArray(paymentOrders.purchaseId, purchaseIds))
      .orderBy(paymentOrders.id),
  ]);
  const cancels: Extras['cancels'] = new Map();
  for (const audit of audits) {
    const reason = audit.summary.reason;
    cancels.set(Number(audit.recordId), {
      by: audit.by,
      reason: typeof reason === 'string' ? reason : null,
    });
  }
  // The order that paid (and perhaps was refunded) wins over tries that failed; the last one otherwise.
  const rank = (state: string) => (state === 'paid' || state === 'refunded' ? 1 : 0);
  const byPurchase = new Map<number, { id: number; number: string; state: string }>();
  for (const order of orders) {
    const known = byPurchase.get(order.purchaseId);
    if (!known || rank(order.state) >= rank(known.state)) {
      byPurchase.set(order.purchaseId, { id: order.id, number: order.number, state: order.state });
    }
  }
  const byCertificate: Extras['orders'] = new Map();
  for (const row of rows) {
    const order = byPurchase.get(row.certificate.purchaseId);
    if (order) byCertificate.set(row.certificate.id, order);
  }
  return { cancels, orders: byCertificate };
}

function statusOf(row: Row, now: Date): CertificateStatus {
  const { certificate } = row;
  if (certificate.activatedAt) return 'activated';
  if (certificate.cancelledAt) return 'cancelled';
  if (certificate.expiresAt <= now) return 'expired';
  return certificate.isActive ? 'active' : 'off';
}

/** Support sees the first group: enough to tell two certificates apart, not enough to use one. */
const masked = (code: string) => code.replace(/-.*$/u, '-••••-••••');

function toAdmin(row: Row, more: Extras, now: Date, wholeCode: boolean): AdminCertificate {
  const { certificate, tariff } = row;
  const cancel = certificate.cancelledAt ? more.cancels.get(certificate.id) : undefined;
  const order = more.orders.get(certificate.id);
  return {
    id: certificate.id,
    code: wholeCode ? certificate.code : masked(certificate.code),
    status: statusOf(row, now),
    tariff_id: certificate.tariffId,
    title: tariff.title,
    duration: tariff.duration,
    amount_children: tariff.amountChildren,
    paid: row.paid,
    order_id: order?.id ?? null,
    order_number: order?.number ?? null,
    buyer_id: certificate.buyerId,
    buyer_email: row.buyerEmail,
    sent_to: certificate.sentTo,
    sent_at: iso(certificate.sentAt),
    activated_by_email: row.activatorEmail,
    activated_at: iso(certificate.activatedAt),
    expires_at: certificate.expiresAt.toISOString(),
    created_at: certificate.createdAt.toISOString(),
    cancelled_at: iso(certificate.cancelledAt),
    cancelled_by: cancel?.by ?? null,
    cancel_reason: cancel?.reason ?? null,
  };
}

async function findCertificate(db: Database, id: number): Promise<Row> {
  const [row] = await base(db).where(eq(giftCertificates.id, id));
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return row;
}

/**
 * A page of certificates by status and by the words of a search; `isAdmin` shows codes whole and lets a
 * piece of a code find one.
 */
export async function listCertificates(
  db: Database,
  now: Date,
  query: ListQuery,
  isAdmin: boolean,
): Promise<{ rows: AdminCertificate[]; total: number }> {
  const filters: SQL[] = [];
  if (query.status) {
    const where = statusWhere(query.status, now);
    if (where) filters.push(where);
  }
  if (query.q) {
    const code = normalizeCertificateCode(query.q);
    const pattern = likeLiteral(query.q);
    const match = or(
      WHOLE_CODE.test(code) ? eq(giftCertificates.code, code) : undefined,
      // Pieces of a code only for the administrator, who sees codes whole anyway.
      isAdmin ? ilike(giftCertificates.code, pattern) : undefined,
      ilike(buyers.email, pattern),
      ilike(activators.email, pattern),
      ilike(giftCertificates.sentTo, pattern),
    );
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(
        orderOf(
          query,
          {
            id: giftCertificates.id,
            created_at: giftCertificates.createdAt,
            expires_at: giftCertificates.expiresAt,
            activated_at: giftCertificates.activatedAt,
          },
          giftCertificates.id,
        ),
        desc(giftCertificates.id),
      )
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(giftCertificates)
      .leftJoin(buyers, eq(buyers.id, giftCertificates.buyerId))
      .leftJoin(activators, eq(activators.id, giftCertificates.activatedBy))
      .where(where),
  ]);
  const more = await extras(db, rows);
  return { rows: rows.map((row) => toAdmin(row, more, now, isAdmin)), total: total?.n ?? 0 };
}

export async function certificateById(
  db: Database,
  now: Date,
  id: number,
  isAdmin: boolean,
): Promise<AdminCertificate> {
  const row = await findCertificate(db, id);
  return toAdmin(row, await extras(db, [row]), now, isAdmin);
}

/** Cancels a certificate nobody has activated and that has not expired; the reason goes to the log. */
export async function cancelCertificate(
  db: Database,
  actor: AuditActor,
  now: Date,
  id: number,
  reason: string,
): Promise<AdminCertificate> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(giftCertificates)
      .where(eq(giftCertificates.id, id))
      .for('update');
    if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
    if (row.activatedAt) throw conflict(CERTIFICATE_ACTIVATED);
    if (row.cancelledAt) throw conflict(CERTIFICATE_CANCELLED);
    if (row.expiresAt <= now) throw conflict(CERTIFICATE_EXPIRED);
    const [changed] = await tx
      .update(giftCertificates)
      .set({ cancelledAt: now, isActive: false, updatedAt: now })
      .where(
        and(
          eq(giftCertificates.id, id),
          isNull(giftCertificates.activatedAt),
          isNull(giftCertificates.cancelledAt),
        ),
      )
      .returning({ id: giftCertificates.id });
    if (!changed) throw conflict(CERTIFICATE_ACTIVATED);
    await recordAudit(tx, actor, {
      action: 'cancel',
      resource: AUDIT_RESOURCE,
      recordId: id,
      summary: { code: row.code, reason: reason, buyer_id: row.buyerId },
    });
  });
  const row = await findCertificate(db, id);
  return toAdmin(row, await extras(db, [row]), now, true);
}
