// Test kit for the back office's refund tests (guards, a subscription, the other purchases): staff
// sessions, the refund call as the admin panel makes it, what the fake bank was asked, and what the
// family sees afterwards. Works over a payments kit (./payments.ts).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LessonsPage } from '@contract/api/lessons';
import { children, paymentOrders } from '../db/schema/index';
import { bearer } from './accounts';
import type { Parent, PaymentsKit } from './payments';
import { staffSession } from './staff';

export const staff = (on: PaymentsKit, role: 'admin' | 'editor' | 'support') =>
  staffSession({ db: on.database.db, clock: on.time.clock }, role);

/** A child added at the kit's «now», so week 1 of the program is the week the tests look at. */
export async function childToday(on: PaymentsKit, parent: Parent) {
  const [child] = await on.database.db
    .insert(children)
    .values({
      userId: parent.id,
      name: 'Маша',
      birthDate: '2021-05-01',
      ageGroup: 'four-five',
      createdAt: on.time.clock(),
    })
    .returning({ id: children.id });
  if (!child) throw new Error('insert failed');
  return child.id;
}

export function refund(on: PaymentsKit, token: string, id: number, payload: unknown = {}) {
  return on.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/refund`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

export const refundCalls = (on: PaymentsKit, gatewayId: string) =>
  on.bank.calls.filter((c) => c.method === 'refund' && c.form.orderId === gatewayId);

export async function lessonsOf(on: PaymentsKit, parent: Parent, childId: number) {
  const res = await on.app.inject({
    url: `/api/profile/lessons?child_id=${childId}`,
    headers: bearer(parent.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LessonsPage }>().data.lessons;
}

export async function orderOf(on: PaymentsKit, id: number) {
  const [row] = await on.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return row;
}
