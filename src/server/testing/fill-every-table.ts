// Test kit: one more row in every table that has none, so a backup test sees every kind of row. Values
// come from the catalogue itself: a referenced table's first row for a foreign key, the first value a
// check's `in (...)` admits, otherwise a value of the column's type. Tables wait for the ones they refer
// to (a few rounds); what still cannot be filled is returned, for the test to name.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

interface ColumnInfo {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function fillEveryTable(db: Database): Promise<string[]> {
  const columns = await rowsOf<ColumnInfo>(
    db,
    sql`select c.table_name as "table", c.column_name as "column", c.data_type as "type",
          c.is_nullable = 'YES' as nullable, c.column_default is not null as "hasDefault"
        from information_schema.columns c
        join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  );
  const foreign = await rowsOf<{
    table: string;
    column: string;
    target: string;
    targetColumn: string;
  }>(
    db,
    sql`select tc.table_name as "table", kcu.column_name as "column",
          ccu.table_name as target, ccu.column_name as "targetColumn"
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`,
  );
  const checks = await rowsOf<{ table: string; definition: string }>(
    db,
    sql`select rel.relname as "table", pg_get_constraintdef(con.oid) as definition
        from pg_constraint con join pg_class rel on rel.oid = con.conrelid
        join pg_namespace n on n.oid = rel.relnamespace
        where con.contype = 'c' and n.nspname = 'public'`,
  );
  const tables = [...new Set(columns.map((c) => c.table))];
  let empty = await emptyTables(db, tables);
  for (let round = 0; round < 6 && empty.length > 0; round += 1) {
    for (const table of empty) {
      const values: SQL[] = [];
      // Times in column order, an hour apart: a start comes before its end.
      let hour = 0;
      const names: SQL[] = [];
      for (const column of columns.filter((c) => c.table === table)) {
        const reference = foreign.find((f) => f.table === table && f.column === column.column);
        if (column.hasDefault && !reference) continue;
        if (column.nullable && !reference) continue;
        names.push(sql`${sql.identifier(column.column)}`);
        if (column.type === 'timestamp with time zone' && !reference) hour += 1;
        values.push(valueFor(column, reference, checks, round, hour));
      }
      try {
        await db.execute(
          names.length === 0
            ? sql`insert into ${sql.identifier(table)} default values`
            : sql`insert into ${sql.identifier(table)} (${sql.join(names, sql`, `)})
                  values (${sql.join(values, sql`, `)})`,
        );
      } catch {
        // Its references are not there yet, or a check wants more: the next round tries again.
      }
    }
    empty = await emptyTables(db, tables);
  }
  return empty;
}

async function emptyTables(db: Database, tables: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const table of tables) {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    if ((row?.n ?? 0) === 0) out.push(table);
  }
  return out;
}

function valueFor(
  column: ColumnInfo,
  reference: { target: string; targetColumn: string } | undefined,
  checks: { table: string; definition: string }[],
  round: number,
  hour: number,
): SQL {
  if (reference) {
    return sql`(select ${sql.identifier(reference.targetColumn)} from ${sql.identifier(reference.target)}
               order by 1 limit 1)`;
  }
  for (const check of checks.filter((c) => c.table === column.table)) {
    const admitted = new RegExp(`\\(?${column.column}\\)? = ANY \\(\\(?ARRAY\\[([^\\]]*)\\]`).exec(
      check.definition,
    );
    const first = admitted?.[1]
      ?.split(',')[0]
      ?.trim()
      .replace(/::text$/, '');
    if (first) return sql.raw(first);
  }
  const unique = `${column.table}-${column.column}-${round}-${Date.now()}`;
  switch (column.type) {
    case 'integer':
    case 'smallint':
    case 'bigint':
      return sql`${1}`;
    case 'boolean':
      return sql`false`;
    case 'timestamp with time zone':
      return sql`now() + make_interval(hours => ${hour})`;
    case 'date':
      return sql`current_date`;
    case 'jsonb':
      return sql`'{}'::jsonb`;
    case 'ARRAY':
      return sql`'{}'`;
    default:
      return sql`${unique}`;
  }
}
