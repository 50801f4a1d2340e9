// Test kit for the renewals test files (the job, refusal and ending, consent and pauses): a paid
// subscription with a saved card, the renewal row and orders it leads to, and the clock moved to the
// family's next charge. It works over a payments kit (./payments.ts) that the file starts itself.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { familySubscriptions, paymentOrders, subscriptionRenewals } from '../db/schema/index';
import { enqueue } from '../jobs/queue';
import { runDueJobs } from '../jobs/runner';
import { bearer, deliveredMail } from './accounts';
import {
  callback,
  initialize,
  register,
  tariffId,
  type Parent,
  type PaymentsKit,
} from './payments';

/**
 * `current` gives the file's payments kit (started in its beforeAll); `tickJob` is the renewals job the
 * worker queues, passed in by the renewals tests, which own it.
 */
export function renewalsKit(current: () => PaymentsKit, { tickJob }: { tickJob: string }) {
  let bindings = 0;
  const db = () => current().database.db;
  const deps = () => ({ db: db(), config: current().config, clock: current().time.clock });

  const renewalOf = async (userId: number) => {
    const [row] = await db()
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.userId, userId));
    return row;
  };

  return {
    /** A paid 1-month subscription; with consent the bank saves the card and returns its binding. */
    async subscribe(parent: Parent, { recurrent = true, binding = true } = {}) {
      const kit = current();
      const tariff = await tariffId(kit, 'subscription-1m-1c');
      const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
      const order = await register(kit, parent, 'register/subscription-order', {
        purchase_id: purchaseId,
        recurrent,
      });
      const bindingId = `binding-${(bindings += 1)}`;
      kit.bank.pay(order.order_id, binding ? { bindingId } : {});
      expect((await callback(kit, order.order_id)).statusCode).toBe(200);
      return { tariff, bindingId };
    },

    renewalOf,

    renewalOrders: (userId: number) =>
      db()
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.kind, 'renewal'))),

    async paidEnd(userId: number) {
      const rows = await db()
        .select()
        .from(familySubscriptions)
        .where(eq(familySubscriptions.userId, userId));
      return Math.max(...rows.map((r) => (r.endedAt ?? r.endsAt).getTime()));
    },

    get: (url: string, token: string) => current().app.inject({ url, headers: bearer(token) }),

    deps,

    mailTo: (parent: Parent) => deliveredMail(current().app, deps(), parent.email),

    /** The renewal job as the worker runs it: a tick on the queue, then every due job. */
    async runJob() {
      await enqueue(db(), tickJob, {});
      await runDueJobs(deps());
    },

    /** Moves the clock to `ms` before (negative: after) the family's next charge. */
    async moveTo(userId: number, offsetMs: number) {
      const row = await renewalOf(userId);
      if (!row) throw new Error('no renewal row');
      const target = row.nextChargeAt.getTime() + offsetMs;
      const { time } = current();
      time.advance(target - time.clock().getTime());
    },
  };
}
