// Files for the accountant: the orders of a period as a table Russian Excel opens (UTF-8 with a byte order
// mark, `;` between cells). The period is two Moscow calendar days, both included.
import { z } from 'zod';
import { isRealDate } from './admin-store';

const day = (missing: string) =>
  z
    .string({ error: missing })
    .regex(/^\d{4}-\d{2}-\d{2}$/u, 'Дата — в виде ГГГГ-ММ-ДД')
    .refine(isRealDate, 'Такой даты нет: проверьте день, месяц и год (2000–2100)');

/** `from` and `to`: Moscow days, both included. */
export const periodQuery = z
  .object({
    from: day('Укажите первый день периода'),
    to: day('Укажите последний день периода'),
  })
  .refine((q) => q.from <= q.to, {
    message: 'Первый день периода позже последнего',
    path: ['to'],
  });
export type PeriodQuery = z.infer<typeof periodQuery>;

/** The file's columns, in order (the first line of the file). */
export const ORDERS_CSV_COLUMNS = [
  'Дата и время (МСК)',
  'Номер заказа',
  'Вид',
  'Что куплено',
  'Сумма, ₽',
  'Возвращено, ₽',
  'Дата возврата (МСК)',
  'Состояние',
  'Карта',
  'Строки чека',
] as const;
