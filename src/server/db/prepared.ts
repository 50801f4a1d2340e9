// A prepared statement per database object: drizzle builds its SQL once instead of on every call, and
// PostgreSQL plans it once per connection (node-postgres keeps named statements per connection).
import type { Database } from './client';

export function preparedFor<Q>(build: (db: Database) => Q): (db: Database) => Q {
  const made = new WeakMap<Database, Q>();
  return (db) => {
    let query = made.get(db);
    if (query === undefined) {
      query = build(db);
      made.set(db, query);
    }
    return query;
  };
}
