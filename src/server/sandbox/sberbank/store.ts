// The sandbox gateway's state in the database (several demo instances may answer for the same order).
// Every change of an order's status is conditional on the status it leaves, so two requests racing for one
// order (a double click, two instances) cannot both move it: the loser gets null and re-reads.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxGatewayBindings, sandboxGatewayOrders } from '../../db/schema/index';
import type { CardKind } from './cards';

export type GatewayOrder = typeof sandboxGatewayOrders.$inferSelect;
export type NewGatewayOrder = typeof sandboxGatewayOrders.$inferInsert;
export type GatewayBinding = typeof sandboxGatewayBindings.$inferSelect;
type OrderChange = Partial<Omit<GatewayOrder, 'orderId' | 'userName' | 'createdAt'>>;

/** Ids are UUIDs; anything longer is not one of ours and is not looked up. */
const MAX_ID = 64;

/** The new order, or null when the merchant already used its order number (errorCode 1). */
export async function insertOrder(
  db: Database,
  order: NewGatewayOrder,
): Promise<GatewayOrder | null> {
  const [row] = await db
    .insert(sandboxGatewayOrders)
    .values(order)
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findOrder(
  db: Database,
  userName: string,
  key: { orderId?: string; orderNumber?: string },
): Promise<GatewayOrder | null> {
  const { orderId, orderNumber } = key;
  if ((orderId ?? orderNumber ?? '').length > MAX_ID) return null;
  const where =
    orderId !== undefined
      ? eq(sandboxGatewayOrders.orderId, orderId)
      : eq(sandboxGatewayOrders.orderNumber, orderNumber ?? '');
  const [row] = await db
    .select()
    .from(sandboxGatewayOrders)
    .where(and(eq(sandboxGatewayOrders.userName, userName), where))
    .limit(1);
  return row ?? null;
}

/** The payment page knows an order by its id alone (the id in formUrl is the payer's whole credential). */
export async function findOrderById(db: Database, orderId: string): Promise<GatewayOrder | null> {
  if (orderId.length > MAX_ID) return null;
  const [row] = await db
    .select()
    .from(sandboxGatewayOrders)
    .where(eq(sandboxGatewayOrders.orderId, orderId))
    .limit(1);
  return row ?? null;
}

/**
 * Moves an order only if it is still in one of `from` (with `noCard`: no card entered yet; `expiredBy`:
 * its session over by then; `refundedAmount`: nothing refunded since it was read); the changed row, or null
 * when another request got there first.
 */
export async function changeOrder(
  db: Database,
  order: Pick<GatewayOrder, 'orderId'>,
  from: readonly number[],
  change: OrderChange & { updatedAt: Date },
  options: { noCard?: boolean; expiredBy?: Date; refundedAmount?: number } = {},
): Promise<GatewayOrder | null> {
  const [row] = await db
    .update(sandboxGatewayOrders)
    .set(change)
    .where(
      and(
        eq(sandboxGatewayOrders.orderId, order.orderId),
        inArray(sandboxGatewayOrders.orderStatus, [...from]),
        options.noCard ? isNull(sandboxGatewayOrders.maskedPan) : undefined,
        options.expiredBy ? lte(sandboxGatewayOrders.expiresAt, options.expiredBy) : undefined,
        options.refundedAmount === undefined
          ? undefined
          : eq(sandboxGatewayOrders.refundedAmount, options.refundedAmount),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findActiveBinding(
  db: Database,
  userName: string,
  bindingId: string,
): Promise<GatewayBinding | null> {
  if (bindingId.length > MAX_ID) return null;
  const [row] = await db
    .select()
    .from(sandboxGatewayBindings)
    .where(
      and(
        eq(sandboxGatewayBindings.userName, userName),
        eq(sandboxGatewayBindings.bindingId, bindingId),
        eq(sandboxGatewayBindings.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function listBindings(
  db: Database,
  userName: string,
  clientId: string,
): Promise<GatewayBinding[]> {
  return db
    .select()
    .from(sandboxGatewayBindings)
    .where(
      and(
        eq(sandboxGatewayBindings.userName, userName),
        eq(sandboxGatewayBindings.clientId, clientId),
        eq(sandboxGatewayBindings.isActive, true),
      ),
    )
    .orderBy(asc(sandboxGatewayBindings.createdAt), asc(sandboxGatewayBindings.bindingId));
}

/** The client's binding of this card: the active one it already has, or a new one (as the bank does). */
export async function saveBinding(
  db: Database,
  binding: {
    userName: string;
    clientId: string;
    maskedPan: string;
    expiryDate: string;
    cardKind: CardKind;
    createdAt: Date;
  },
): Promise<GatewayBinding> {
  const [existing] = await db
    .select()
    .from(sandboxGatewayBindings)
    .where(
      and(
        eq(sandboxGatewayBindings.userName, binding.userName),
        eq(sandboxGatewayBindings.clientId, binding.clientId),
        eq(sandboxGatewayBindings.maskedPan, binding.maskedPan),
        eq(sandboxGatewayBindings.expiryDate, binding.expiryDate),
        eq(sandboxGatewayBindings.isActive, true),
      ),
    )
    .limit(1);
  if (existing) return existing;
  const [row] = await db
    .insert(sandboxGatewayBindings)
    .values({ ...binding, bindingId: randomUUID() })
    .returning();
  if (!row) throw new Error('sandbox binding was not saved');
  return row;
}

/** false when there was no active binding of that id. */
export async function deactivateBinding(
  db: Database,
  userName: string,
  bindingId: string,
): Promise<boolean> {
  if (bindingId.length > MAX_ID) return false;
  const rows = await db
    .update(sandboxGatewayBindings)
    .set({ isActive: false })
    .where(
      and(
        eq(sandboxGatewayBindings.userName, userName),
        eq(sandboxGatewayBindings.bindingId, bindingId),
        eq(sandboxGatewayBindings.isActive, true),
      ),
    )
    .returning({ bindingId: sandboxGatewayBindings.bindingId });
  return rows.length > 0;
}
