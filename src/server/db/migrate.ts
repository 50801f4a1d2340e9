import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle, Schema } from './client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the pending migrations of src/server/db/migrations; already applied ones are skipped. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const options = { migrationsFolder: MIGRATIONS_DIR };
  // The migrators are typed per driver although they only use the common dialect and session.
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as PgliteDatabase<Schema>, options);
  } else {
    await migrateNodePg(handle.db as NodePgDatabase<Schema>, options);
  }
}
