// The later looks at a paid order, for money given back at the bank with no callback to say so
// (bank-refunds.ts): queued in the transaction that marks the order paid.
import type { Database } from '../../db/client';
import { enqueue } from '../../jobs/queue';

export const BANK_RETURN_CHECK_JOB = 'payments.bank-return-check';
/** Days after payment when a paid order is checked at the bank once more (a chargeback may come late). */
export const BANK_RETURN_CHECK_DAYS = [1, 7, 30, 120] as const;

const DAY_MS = 24 * 60 * 60_000;

export async function scheduleBankReturnChecks(tx: Database, orderId: number, paidAt: Date) {
  for (const days of BANK_RETURN_CHECK_DAYS) {
    await enqueue(
      tx,
      BANK_RETURN_CHECK_JOB,
      { order_id: orderId },
      { runAt: new Date(paidAt.getTime() + days * DAY_MS), maxAttempts: 8 },
    );
  }
}
