// The orders of a period as a file for the accountant (docs/PRODUCT.md «The orders file»): one row per
// order at the bank, dated by its payment (its creation while unpaid), with what was bought, the sums, a
// refund, the masked card and the 54-FZ receipt lines as the bank got them. Read in pages by (date, id), so
// a year of orders streams out without being held in memory.
import { Readable } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ORDER_STATE_LABELS } from '@contract/api/admin-families';
import { PURCHASE_TYPE_TITLES } from '@contract/api/admin-store';
import { ORDERS_CSV_COLUMNS, type PeriodQuery } from '@contract/api/admin-exports';
import { MOSCOW_TIME_ZONE } from '@contract/moscow-date';
import type { Database } from '../../db/client';
import { paymentOrders, purchases } from '../../db/schema/index';
import { receiptItems } from './receipt';

/** Rows read at a time: small enough to keep memory flat, large enough to keep round trips few. */
export const EXPORT_PAGE = 1000;
const MOSCOW = sql.raw(`'${MOSCOW_TIME_ZONE}'`);
const when = sql<Date>`coalesce(${paymentOrders.settledAt}, ${paymentOrders.createdAt})`;

const KIND_LABELS = { checkout: 'Покупка', renewal: 'Автопродление' } as const;

const moscow = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** «28.11.2026 14:05»: what Russian Excel reads as a date and time. */
const dateTime = (value: Date) => moscow.format(value).replace(',', '');
/** Kopecks as rubles with a decimal comma, «1990,00», as Russian Excel reads a number. */
const rubles = (kopecks: number) =>
  `${kopecks < 0 ? '-' : ''}${Math.floor(Math.abs(kopecks) / 100)},${String(Math.abs(kopecks) % 100).padStart(2, '0')}`;

/**
 * One cell: quoted when it holds the separator, a quote or a line break; a text that a spreadsheet would
 * take for a formula (=, +, -, @ first) gets an apostrophe, so a tariff's name can never run as one.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/u.test(value) ? `'${value}` : value;
  return /[;"\r\n]/u.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (cells: string[]) => `${cells.map(csvCell).join(';')}\r\n`;

const columns = {
  id: paymentOrders.id,
  at: when,
  // The page's key as PostgreSQL writes it: to the microsecond, which a JavaScript Date would round away.
  key: sql<string>`${when}::text`,
  orderNumber: paymentOrders.orderNumber,
  kind: paymentOrders.kind,
  type: purchases.type,
  lines: purchases.lines,
  discount: purchases.discount,
  amount: paymentOrders.amount,
  refundedAmount: paymentOrders.refundedAmount,
  refundedAt: paymentOrders.refundedAt,
  state: paymentOrders.state,
  maskedPan: paymentOrders.maskedPan,
};

type Row = {
  id: number;
  at: Date | string;
  key: string;
  orderNumber: string;
  kind: keyof typeof KIND_LABELS;
  type: keyof typeof PURCHASE_TYPE_TITLES;
  lines: Parameters<typeof receiptItems>[1];
  discount: number;
  amount: number;
  refundedAmount: number;
  refundedAt: Date | null;
  state: keyof typeof ORDER_STATE_LABELS;
  maskedPan: string | null;
};

function rowOf(row: Row): string {
  const items = receiptItems(row.type, row.lines, row.discount);
  const receipt = items
    .map((i) => `${i.name} × ${i.quantity.value} = ${rubles(i.itemAmount)} ₽`)
    .join(' | ');
  const refunded = row.refundedAmount > 0 || row.state === 'refunded';
  return csvLine([
    dateTime(new Date(row.at)),
    row.orderNumber,
    KIND_LABELS[row.kind],
    PURCHASE_TYPE_TITLES[row.type],
    rubles(row.amount),
    refunded ? rubles(row.refundedAmount > 0 ? row.refundedAmount : row.amount) : '',
    row.refundedAt ? dateTime(row.refundedAt) : '',
    ORDER_STATE_LABELS[row.state],
    row.maskedPan ?? '',
    receipt,
  ]);
}

/** The file: a byte order mark and the header, then the period's orders oldest first, page by page. */
export function ordersCsv(db: Database, period: PeriodQuery): Readable {
  const day = sql`(${when} at time zone ${MOSCOW})::date`;
  const inPeriod = sql`${day} between ${period.from}::date and ${period.to}::date`;
  async function* file() {
    yield `\uFEFF${csvLine([...ORDERS_CSV_COLUMNS])}`;
    let after: { at: string; id: number } | null = null;
    for (;;) {
      const page: Row[] = await db
        .select(columns)
        .from(paymentOrders)
        .innerJoin(purchases, eq(purchases.id, paymentOrders.purchaseId))
        .where(
          after === null
            ? inPeriod
            : and(
                inPeriod,
                sql`(${when}, ${paymentOrders.id}) > (${after.at}::timestamptz, ${after.id})`,
              ),
        )
        .orderBy(asc(when), asc(paymentOrders.id))
        .limit(EXPORT_PAGE);
      if (page.length === 0) return;
      yield page.map(rowOf).join('');
      const last = page[page.length - 1];
      if (!last || page.length < EXPORT_PAGE) return;
      after = { at: last.key, id: last.id };
    }
  }
  return Readable.from(file());
}
