// Parent A's store records for the samples of the matrix: a purchase, an order at the bank, a gift, a
// skipped week. Each call makes fresh ones, so every role meets an unpaid purchase.
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import {
  additionalProgramOffers,
  additionalPrograms,
  childPrograms,
  mainPrograms,
  paymentOrders,
  tariffs,
} from '../db/schema/index';
import { callbackChecksum } from '../integrations/sberbank/checksum';
import { createCertificate } from '../modules/gifts/certificates';
import { skippedWeeks } from '../modules/learning/skipped-weeks';
import { registerOrder } from '../modules/payments/register-order';
import { initializePurchase } from '../modules/store/purchases';
import type { Family, FixtureDeps } from './families';

type Deps = FixtureDeps & { config: Config };
type InitializedType = 'subscription' | 'gift' | 'child-slot' | 'additional-program';

export async function paidTariffId(deps: FixtureDeps, kind: 'subscription' | 'gift') {
  const [row] = await deps.db
    .select({ id: tariffs.id })
    .from(tariffs)
    .where(and(eq(tariffs.kind, kind), eq(tariffs.isFree, false), eq(tariffs.isActive, true)))
    .limit(1);
  if (!row) throw new Error(`the seed has no paid ${kind} tariff`);
  return row.id;
}

async function openOfferId(deps: FixtureDeps) {
  const [row] = await deps.db
    .select({ id: additionalProgramOffers.id })
    .from(additionalProgramOffers)
    .innerJoin(
      additionalPrograms,
      eq(additionalPrograms.id, additionalProgramOffers.additionalProgramId),
    )
    .where(and(eq(additionalPrograms.locked, false), eq(additionalProgramOffers.amountChildren, 1)))
    .limit(1);
  if (!row) throw new Error('the seed has no additional program on sale');
  return row.id;
}

export async function ownersPurchase(
  deps: FixtureDeps,
  owner: Family,
  type: InitializedType,
): Promise<number> {
  const ids =
    type === 'child-slot'
      ? []
      : type === 'additional-program'
        ? [await openOfferId(deps)]
        : [await paidTariffId(deps, type)];
  const purchase = await initializePurchase({
    db: deps.db,
    now: deps.clock(),
    userId: owner.id,
    type,
    ids,
    purchaseId: null,
  });
  return purchase.purchase_id;
}

/** An order of A's registered at the (fake) bank: its orderId. */
export async function ownersOrder(deps: Deps, owner: Family): Promise<string> {
  const purchaseId = await ownersPurchase(deps, owner, 'subscription');
  const order = await registerOrder(
    { db: deps.db, config: deps.config, now: deps.clock() },
    { userId: owner.id, purchaseId, types: ['subscription'] },
  );
  return order.order_id;
}

/** A's paid gift: the certificate written as a paid purchase would write it. */
export async function ownersGift(deps: FixtureDeps, owner: Family): Promise<number> {
  const tariffId = await paidTariffId(deps, 'gift');
  const purchaseId = await ownersPurchase(deps, owner, 'gift');
  const certificate = await createCertificate(deps.db, {
    purchaseId,
    buyerId: owner.id,
    tariffId,
    now: deps.clock(),
  });
  if (!certificate) throw new Error('no certificate');
  return certificate.id;
}

/** A week A's child missed: the child started its program ten weeks ago, with no subscription since. */
export async function ownersSkippedWeek(deps: FixtureDeps, owner: Family): Promise<number> {
  if (!owner.child) throw new Error('this sample needs a family with a child');
  const [program] = await deps.db
    .select({ id: mainPrograms.id })
    .from(mainPrograms)
    .where(eq(mainPrograms.slug, 'four-five'));
  if (!program) throw new Error('the seed has no four-five program');
  await deps.db
    .insert(childPrograms)
    .values({
      childId: owner.child.id,
      mainProgramId: program.id,
      startedAt: new Date(deps.clock().getTime() - 10 * 7 * 24 * 3_600_000),
    })
    .onConflictDoNothing();
  const skipped = await skippedWeeks({
    db: deps.db,
    clock: deps.clock,
    userId: owner.id,
    childId: owner.child.id,
  });
  const week = skipped.weeks[0];
  if (!week) throw new Error('the child has no skipped week');
  return week.week_id;
}

/** The bank's callback about an order of A's, signed with the configured key. */
export async function signedCallback(deps: Deps, owner: Family): Promise<Record<string, string>> {
  const orderId = await ownersOrder(deps, owner);
  const [order] = await deps.db
    .select({ orderNumber: paymentOrders.orderNumber })
    .from(paymentOrders)
    .where(eq(paymentOrders.gatewayOrderId, orderId));
  const params = {
    mdOrder: orderId,
    orderNumber: order?.orderNumber ?? '',
    operation: 'deposited',
    status: '1',
  };
  return { ...params, checksum: callbackChecksum(params, deps.config.sberbank.callbackKey) };
}
