// react-admin's lists: a page of rows and the school's pagination meta, sorted only by the columns a
// resource names (anything else falls back to its default: no SQL is built from what a client sends).
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PaginationMeta } from '@contract/api/common';

export interface ListQuery {
  page: number;
  per_page: number;
  sort?: string | undefined;
  order: 'ASC' | 'DESC';
}

export function listMeta(query: ListQuery, total: number): PaginationMeta {
  return {
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}

export const offsetOf = (query: ListQuery) => (query.page - 1) * query.per_page;

export function orderOf(
  query: ListQuery,
  columns: Record<string, AnyColumn>,
  fallback: AnyColumn,
): SQL {
  // Own keys only: `__proto__` or `constructor` from a query string is not a column.
  const column = query.sort && Object.hasOwn(columns, query.sort) ? columns[query.sort] : fallback;
  return query.order === 'ASC' ? asc(column ?? fallback) : desc(column ?? fallback);
}

/** A search box's text for ILIKE: `%` and `_` typed there are letters, not patterns. */
export const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Dates in answers: ISO strings, null when absent. */
export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
