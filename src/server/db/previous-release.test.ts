// The release before keeps working on this schema while both run during a rolling restart
// (src/server/README.md «Database and migrations»: expand, then contract). Each migration is compared with
// the schema before it (drizzle-kit's snapshots in migrations/meta): nothing the earlier release reads or
// writes is gone or narrowed, and nothing it leaves out of an insert is required. Then the earlier
// release's reads — every column of every table it knew — run on a database migrated to the end.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './migrate';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default?: unknown;
  primaryKey: boolean;
}
interface Table {
  columns: Record<string, Column>;
  foreignKeys: Record<string, { columnsFrom: string[] }>;
  checkConstraints: Record<string, { name: string; value: string }>;
  uniqueConstraints: Record<string, { columns: string[] }>;
  indexes: Record<string, { isUnique: boolean; columns: { expression: string }[] }>;
}
interface Snapshot {
  tables: Record<string, Table>;
}

const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
const snapshot = (idx: number): Snapshot =>
  JSON.parse(
    readFileSync(
      join(MIGRATIONS_DIR, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`),
      'utf8',
    ),
  ) as Snapshot;

/** `x in ('a', 'b')` → the admitted values, to tell a widened check from a narrowed one. */
function admitted(check: string): { subject: string; values: Set<string> } | null {
  const match = /^(.*) in \((.*)\)$/.exec(check);
  if (!match?.[1] || match[2] === undefined) return null;
  return { subject: match[1], values: new Set(match[2].split(',').map((v) => v.trim())) };
}

/** What a migration did that the release before it would trip over. */
function breaks(before: Snapshot, after: Snapshot): string[] {
  const found: string[] = [];
  for (const [name, old] of Object.entries(before.tables)) {
    const table = after.tables[name];
    if (!table) {
      found.push(`${name} dropped`);
      continue;
    }
    for (const column of Object.values(old.columns)) {
      const now = table.columns[column.name];
      if (!now) found.push(`${name}.${column.name} dropped or renamed`);
      else if (now.type !== column.type) found.push(`${name}.${column.name} changed type`);
      else if (now.notNull && !column.notNull) found.push(`${name}.${column.name} made required`);
      else if (column.default !== undefined && now.default === undefined && now.notNull) {
        found.push(`${name}.${column.name} lost the default the earlier release's inserts rely on`);
      }
    }
    for (const column of Object.values(table.columns)) {
      const added = !old.columns[column.name];
      const required = column.notNull && column.default === undefined && column.type !== 'serial';
      if (added && required) found.push(`${name}.${column.name} added as required, no default`);
    }
    for (const [checkName, check] of Object.entries(table.checkConstraints)) {
      const was = old.checkConstraints[checkName];
      if (!was) {
        // On columns new in this migration only, the earlier release never writes what it checks.
        const onOld = [...check.value.matchAll(/"[^"]+"\."([^"]+)"/g)].some(
          (m) => old.columns[m[1] ?? ''],
        );
        if (onOld)
          found.push(`${name}: new check ${checkName} on columns the earlier release writes`);
        continue;
      }
      if (was.value === check.value) continue;
      const [a, b] = [admitted(was.value), admitted(check.value)];
      const widened =
        a && b && a.subject === b.subject && [...a.values].every((v) => b.values.has(v));
      if (!widened) found.push(`${name}: check ${checkName} changed other than widened`);
    }
    const uniqueOnOld = (columns: string[]) => columns.every((c) => old.columns[c]);
    for (const [key, foreignKey] of Object.entries(table.foreignKeys)) {
      if (!old.foreignKeys[key] && uniqueOnOld(foreignKey.columnsFrom)) {
        found.push(`${name}: new foreign key ${key} on columns the earlier release writes`);
      }
    }
    for (const [key, unique] of Object.entries(table.uniqueConstraints)) {
      if (!old.uniqueConstraints[key] && uniqueOnOld(unique.columns)) {
        found.push(`${name}: new unique ${key} on columns the earlier release writes`);
      }
    }
    for (const [key, index] of Object.entries(table.indexes)) {
      const columns = index.columns.map((c) => c.expression);
      if (index.isUnique && !old.indexes[key] && uniqueOnOld(columns)) {
        found.push(`${name}: new unique index ${key} on columns the earlier release writes`);
      }
    }
  }
  return found;
}

describe('the release before on this schema', () => {
  // Every migration since the first: each kept the release before it working, and each new one must.
  const pairs = journal.entries.filter((entry) => entry.idx > 0);

  it.each(pairs.map((entry) => [entry.tag, entry.idx] as const))(
    '%s keeps the release before it working',
    (_tag, idx) => {
      expect(breaks(snapshot(idx - 1), snapshot(idx))).toEqual([]);
    },
  );

  it('tells a narrowed check from a widened one, and a required new column from an optional one', () => {
    const before: Snapshot = {
      tables: {
        't.a': {
          columns: { x: { name: 'x', type: 'text', notNull: true, primaryKey: false } },
          checkConstraints: { c: { name: 'c', value: `"a"."x" in ('p', 'q')` } },
          foreignKeys: {},
          uniqueConstraints: {},
          indexes: {},
        },
      },
    };
    const widened = structuredClone(before);
    const table = widened.tables['t.a'];
    if (!table) throw new Error('no table');
    table.checkConstraints.c = { name: 'c', value: `"a"."x" in ('p', 'q', 'r')` };
    table.columns.y = { name: 'y', type: 'text', notNull: false, primaryKey: false };
    expect(breaks(before, widened)).toEqual([]);
    const narrowed = structuredClone(widened);
    const other = narrowed.tables['t.a'];
    if (!other) throw new Error('no table');
    other.checkConstraints.c = { name: 'c', value: `"a"."x" in ('p')` };
    other.columns.z = { name: 'z', type: 'integer', notNull: true, primaryKey: false };
    expect(breaks(before, narrowed)).toEqual([
      't.a.z added as required, no default',
      't.a: check c changed other than widened',
    ]);
  });

  describe('its reads', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await database.close();
    });

    it('select every column it knew of every table it knew', async () => {
      const last = journal.entries.at(-1)?.idx ?? 0;
      const previous = snapshot(last - 1);
      for (const [name, table] of Object.entries(previous.tables)) {
        const [, bare = name] = name.split('.');
        const columns = Object.keys(table.columns).map((c) => sql.identifier(c));
        await database.db.execute(
          sql`select ${sql.join(columns, sql`, `)} from ${sql.identifier(bare)} limit 0`,
        );
      }
      expect(Object.keys(previous.tables).length).toBeGreaterThan(30);
    });
  });
});
