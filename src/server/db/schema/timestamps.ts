// The bookkeeping columns most tables carry, written once so every table spells them the same way
// (timestamptz, never null, set by the database). Not exported from index.ts: these are column builders,
// not tables, and drizzle-kit reads every export of the schema.
import { timestamp } from 'drizzle-orm/pg-core';

/** When the row was written. */
export const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed; writers set it themselves (there is no trigger). */
export const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Both, for tables that keep the two: `...timestamps` at the end of the columns. */
export const timestamps = { createdAt, updatedAt };
