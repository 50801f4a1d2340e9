// The orders file for the accountant: the columns Russian Excel shows, one row per order of the period by
// its Moscow date, sums in rubles with a decimal comma, refunds, the receipt lines, and a period far larger
// than one page read in order, each order once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERS_CSV_COLUMNS } from '@contract/api/admin-exports';
import { paymentOrders, purchases } from '../../db/schema/index';
import { bearer } from '../../testing/accounts';
import { staff } from '../../testing/admin-refunds';
import {
  buy,
  newParent,
  startPaymentsKit,
  tariffId,
  type PaymentsKit,
} from '../../testing/payments';
import { csvCell, EXPORT_PAGE } from './orders-export';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => kit.close());

const BOM = '\uFEFF';

async function download(token: string, query: Record<string, string>) {
  return kit.app.inject({
    url: `/api/admin/exports/orders.csv?${new URLSearchParams(query).toString()}`,
    headers: bearer(token),
  });
}

/** The file's rows as cells (the files here hold no quoted separators). */
const rowsOf = (body: string) =>
  body
    .replace(BOM, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(';'));

describe('GET /api/admin/exports/orders.csv', () => {
  it('lists the period’s orders with their sums, refunds, cards and receipt lines', async () => {
    const admin = await staff(kit, 'admin');
    const parent = await newParent(kit);
    const month = (await tariffId(kit, 'subscription-1m-1c')).id;
    const paid = await buy(kit, parent, 'subscription', [month]);
    const refunded = await buy(kit, parent, 'subscription', [month]);
    // Paid at 12:00 in Moscow on the 24th; the second refunded in part on the 26th at 10:15.
    const noon = new Date('2026-11-24T09:00:00Z');
    await kit.database.db
      .update(paymentOrders)
      .set({ settledAt: noon })
      .where(eq(paymentOrders.id, paid.id));
    await kit.database.db
      .update(paymentOrders)
      .set({
        settledAt: new Date('2026-11-24T21:30:00Z'),
        state: 'refunded',
        refundedAmount: 50_000,
        refundedAt: new Date('2026-11-26T07:15:00Z'),
      })
      .where(eq(paymentOrders.id, refunded.id));
    const [order] = await kit.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, paid.id));

    const res = await download(admin, { from: '2026-11-24', to: '2026-11-24' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-11-24-2026-11-24.csv"',
    );
    expect(res.body.startsWith(BOM)).toBe(true);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual([...ORDERS_CSV_COLUMNS]);
    // 00:30 on the 25th in Moscow is the next day, whatever UTC says.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual([
      '24.11.2026 12:00',
      order?.orderNumber,
      'Покупка',
      'Подписка',
      `${paid.amount / 100},00`,
      '',
      '',
      'Оплачен',
      '555555**5599',
      expect.stringMatching(new RegExp(`× 1 = ${paid.amount / 100},00 ₽$`)),
    ]);

    const next = rowsOf((await download(admin, { from: '2026-11-25', to: '2026-11-26' })).body);
    expect(next.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['25.11.2026 00:30', expect.any(String)],
    ]);
    expect(next[1]?.slice(4, 8)).toEqual([
      `${refunded.amount / 100},00`,
      '500,00',
      '26.11.2026 10:15',
      'Возвращён',
    ]);
  });

  it('streams a period of many pages in order, each order once', async () => {
    const admin = await staff(kit, 'admin');
    const [template] = await kit.database.db.select().from(purchases).limit(1);
    if (!template) throw new Error('no purchase to copy');
    const count = EXPORT_PAGE * 2 + 37;
    const start = Date.parse('2026-10-01T00:00:00Z');
    const made = await kit.database.db
      .insert(purchases)
      .values(
        Array.from({ length: count }, () => ({
          userId: template.userId,
          type: template.type,
          status: 'paid' as const,
          lines: template.lines,
          tariffId: template.tariffId,
          amount: template.amount,
          total: template.total,
        })),
      )
      .returning({ id: purchases.id });
    // Every three orders share a moment: the page's key must tell them apart by id.
    await kit.database.db.insert(paymentOrders).values(
      made.map((p, i) => ({
        purchaseId: p.id,
        orderNumber: `bulk-${i}`,
        state: 'paid' as const,
        amount: template.total,
        settledAt: new Date(start + Math.floor(i / 3) * 1000),
      })),
    );
    const res = await download(admin, { from: '2026-10-01', to: '2026-10-31' });
    expect(res.statusCode).toBe(200);
    const numbers = rowsOf(res.body)
      .slice(1)
      .map((r) => r[1]);
    expect(numbers).toEqual(made.map((_, i) => `bulk-${i}`));
  });

  it('is the administrator’s alone, and refuses a period it cannot read', async () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    for (const role of ['support', 'editor'] as const) {
      const res = await download(await staff(kit, role), period);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: expect.any(String) });
    }
    expect((await download((await newParent(kit)).token, period)).statusCode).toBe(403);
    const admin = await staff(kit, 'admin');
    for (const [query, message] of [
      [{ from: '2026-11-31', to: '2026-12-01' }, 'Такой даты нет'],
      [{ from: '01.11.2026', to: '2026-12-01' }, 'ГГГГ-ММ-ДД'],
      [{ to: '2026-12-01' }, 'Укажите первый день периода'],
      [{ from: '2026-12-02', to: '2026-12-01' }, 'Первый день периода позже последнего'],
    ] as const) {
      const res = await download(admin, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.body).toContain(message);
    }
  });
});

describe('a cell of the file', () => {
  it('is quoted when it holds a separator, a quote or a line break', () => {
    expect(csvCell('Подписка «Основная»')).toBe('Подписка «Основная»');
    expect(csvCell('а;б')).toBe('"а;б"');
    expect(csvCell('он сказал "да"')).toBe('"он сказал ""да"""');
    expect(csvCell('две\nстроки')).toBe('"две\nстроки"');
  });

  it('never starts with what a spreadsheet runs as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+7 999')).toBe("'+7 999");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-5')).toBe("'-5");
  });
});
