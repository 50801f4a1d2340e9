import { z } from 'zod';
import { DEFAULT_LIST_PAGE } from '../constants';

/**
 * docs/ARCHITECTURE.md: every error, a stable `code` (ERROR_CODES) beside the Russian `message`, field errors by
 * name, non-field errors under `errors.error`.
 */
export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const paginationMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PaginationMeta = z.infer<typeof paginationMeta>;

/** `?page=N`, a whole number from 1; absent means the first page. */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'Номер страницы должен быть числом' })
    .int('Номер страницы должен быть целым числом')
    .min(1, 'Номер страницы начинается с 1')
    .max(100_000, 'Такой страницы нет')
    .default(DEFAULT_LIST_PAGE),
});

export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: paginationMeta });

export const healthResponse = dataOf(z.object({ status: z.literal('ok') }));
/** GET /health/ready: every part that was checked («redis» is «not_configured» without Redis). */
export const readyResponse = dataOf(
  z.object({
    status: z.literal('ready'),
    checks: z.record(z.string(), z.enum(['ok', 'not_configured'])),
  }),
);

export { ERROR_CODES, STATUS_MESSAGES, type ErrorCode } from './values';
