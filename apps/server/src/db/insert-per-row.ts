import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `insert into <table> (<columns>) select <values> from <source>`: a row for each row of the
 * source (in a statement of data-modifying CTEs, the name of one), so nothing is inserted when
 * the source is empty. Each value is bound as drizzle binds it in an insert, by its column, and
 * cast to the column's type (a parameter in a select list would otherwise be text).
 */
export function insertPerRow<T extends PgTable>(
  table: T,
  /** By the table's field names: values, or placeholders for a statement built once. */
  values: Partial<Record<keyof T['$inferInsert'], unknown>>,
  source: SQL,
): SQL {
  const columns = getTableColumns(table);
  const given = Object.entries(values).flatMap(([key, value]) => {
    const column = columns[key];
    if (value === undefined) return [];
    if (!column) throw new Error(`insertPerRow: no column ${key}`);
    return [{ column, value }];
  });
  const names = given.map(({ column }) => sql.identifier(column.name));
  const params = given.map(
    ({ column, value }) => sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`,
  );
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(params, sql`, `)} from ${source}`;
}
