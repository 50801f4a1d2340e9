import { z } from 'zod';
import { DEFAULT_LIST_PAGE } from '../constants';

/** ARCHITECTURE §4: every error, field errors by name, non-field errors under `errors.error`. */
export const errorBody = z.object({
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

/** Russian messages for the statuses the API returns (ARCHITECTURE §4). */
export const STATUS_MESSAGES = {
  400: 'Некорректный запрос',
  401: 'Войдите в личный кабинет',
  403: 'Недостаточно прав',
  404: 'Не найдено',
  409: 'Конфликт данных',
  413: 'Слишком большой запрос',
  415: 'Неподдерживаемый формат данных',
  422: 'Проверьте введённые данные',
  429: 'Слишком много запросов. Попробуйте чуть позже',
  500: 'Что-то пошло не так. Мы уже разбираемся',
  503: 'Сервис временно недоступен',
} as const;
