// What must hold after every fault, read from the database: every write the school acknowledged is there,
// every order the bank was paid for is paid at the school and delivered exactly once, and the bank charged
// no card but those a payer entered on its page.
import pg from 'pg';
import type { Acknowledged } from './load';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Orders paid at the bank the school has not marked paid yet: callbacks and the reconciler catch up. */
const UNSETTLED = `
  select g.order_id from sandbox_gateway_orders g
  left join payment_orders o on o.gateway_order_id = g.order_id
  where g.order_status = 2 and (o.state is distinct from 'paid')`;

export async function checkInvariants(url: string, ack: Acknowledged): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const broken: string[] = [];
  try {
    // A paid order's delivery may still be on its way (a callback retried, the reconciler's next round).
    for (let i = 0; i < 120; i += 1) {
      if ((await client.query(UNSETTLED)).rowCount === 0) break;
      await pause(500);
    }
    const unsettled = await client.query<{ order_id: string }>(UNSETTLED);
    for (const row of unsettled.rows)
      broken.push(`paid at the bank, not at the school: ${row.order_id}`);

    const users = await client.query<{ email: string }>(
      'select lower(email) as email from users where lower(email) = any($1)',
      [ack.emails.map((e) => e.toLowerCase())],
    );
    const present = new Set(users.rows.map((r) => r.email));
    for (const email of ack.emails) {
      if (!present.has(email.toLowerCase())) broken.push(`an acknowledged registration is missing`);
    }

    const children = await client.query<{ id: number }>(
      'select id from children where id = any($1)',
      [ack.children],
    );
    const childIds = new Set(children.rows.map((r) => r.id));
    for (const id of ack.children) {
      if (!childIds.has(id)) broken.push(`an acknowledged child is missing: ${id}`);
    }

    const watched = await client.query<{ child_id: number; seconds: number }>(
      'select child_id, max(watched_seconds) as seconds from lesson_stats where child_id = any($1) group by child_id',
      [[...ack.watched.keys()]],
    );
    const stored = new Map(watched.rows.map((r) => [r.child_id, Number(r.seconds)]));
    for (const [child, seconds] of ack.watched) {
      if ((stored.get(child) ?? 0) < seconds) {
        broken.push(
          `child ${child}: ${seconds} s acknowledged, ${stored.get(child) ?? 0} s stored`,
        );
      }
    }

    const paid = await client.query<{ gateway_order_id: string }>(
      "select gateway_order_id from payment_orders where state = 'paid' and gateway_order_id = any($1)",
      [[...ack.paid]],
    );
    if (paid.rowCount !== ack.paid.size) {
      broken.push(
        `${ack.paid.size} orders confirmed paid, ${paid.rowCount ?? 0} paid in the database`,
      );
    }

    // Exactly once: each paid order's purchase delivered one period, and nothing was delivered unpaid.
    const deliveries = await client.query<{
      purchase_id: number;
      paid: number;
      delivered: number;
    }>(`
      select p.id as purchase_id,
        (select count(*) from payment_orders o where o.purchase_id = p.id and o.state = 'paid')::int as paid,
        (select count(*) from family_subscriptions s where s.purchase_id = p.id)::int as delivered
      from purchases p join users u on u.id = p.user_id
      where u.email like 'drill-%'`);
    for (const row of deliveries.rows) {
      if (row.paid > 1) broken.push(`purchase ${row.purchase_id}: paid ${row.paid} times`);
      if (row.paid !== row.delivered) {
        broken.push(
          `purchase ${row.purchase_id}: ${row.paid} paid orders, ${row.delivered} deliveries`,
        );
      }
    }

    // Consent: a card is charged only where its holder entered it (the drill's families save no card).
    const charged = await client.query<{ order_id: string }>(
      'select order_id from sandbox_gateway_orders where deposited_amount > 0 or approved_amount > 0',
    );
    for (const row of charged.rows) {
      if (!ack.cardEntered.has(row.order_id))
        broken.push(`a card charged without its holder: ${row.order_id}`);
    }
    if (charged.rowCount === 0)
      broken.push('no payment went through: the drill proved nothing about them');
  } finally {
    await client.end();
  }
  return broken;
}
