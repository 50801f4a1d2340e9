// Nothing for inviting oneself (docs/PRODUCT.md «Invite a friend»): two accounts are one person when their
// addresses are one mailbox, they signed in from one browser, or one card paid for both.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cardBindings, paymentOrders } from '../../db/schema/index';
import { shareBrowser } from '../auth';

/** Mail services that ignore dots in the name; Yandex also treats a dot and a hyphen as one. */
const DOTLESS = new Set(['gmail.com', 'googlemail.com']);
const YANDEX = new Set(['yandex.ru', 'ya.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua']);

/** The mailbox an address reaches: lower case, without a `+tag`, with each service's aliases folded. */
export function mailbox(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email.toLowerCase();
  let name = email.slice(0, at).toLowerCase();
  let domain = email.slice(at + 1).toLowerCase();
  name = name.split('+')[0] ?? name;
  if (DOTLESS.has(domain)) {
    name = name.replaceAll('.', '');
    domain = 'gmail.com';
  } else if (YANDEX.has(domain)) {
    name = name.replaceAll('.', '-');
    domain = 'yandex.ru';
  }
  return `${name}@${domain}`;
}

/** A masked card number the inviter paid with or saved (first six and last four digits, as the bank gives). */
async function inviterPaidWith(db: Database, inviterId: number, maskedPan: string) {
  const [order] = await db
    .select({ one: sql<number>`1` })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, inviterId),
        isNotNull(paymentOrders.maskedPan),
        eq(paymentOrders.maskedPan, maskedPan),
      ),
    )
    .limit(1);
  if (order) return true;
  const [binding] = await db
    .select({ one: sql<number>`1` })
    .from(cardBindings)
    .where(and(eq(cardBindings.userId, inviterId), eq(cardBindings.maskedPan, maskedPan)))
    .limit(1);
  return binding !== undefined;
}

export async function samePerson(
  db: Database,
  inviter: { id: number; email: string },
  invited: { id: number; email: string },
  maskedPan: string | null = null,
): Promise<boolean> {
  if (mailbox(inviter.email) === mailbox(invited.email)) return true;
  if (await shareBrowser(db, inviter.id, invited.id)) return true;
  return maskedPan !== null && (await inviterPaidWith(db, inviter.id, maskedPan));
}
