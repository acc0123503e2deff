import type { Knex } from 'knex';
import { isSqlite } from '../../db/connection';

export interface ColumnInfo {
  name: string;
  type: string;
  nullable: boolean;
  defaultValue: string | null;
  primaryKey: boolean;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
}

interface SqlitePragmaRow {
  name: string;
  type: string;
  notnull: number;
  dfltValue: string | null;
  pk: number;
}

/** The database's tables and columns as they are now, read from the database itself (never a copy). */
export async function describeSchema(db: Knex): Promise<TableInfo[]> {
  return isSqlite(db) ? describeSqlite(db) : describePostgres(db);
}

async function describeSqlite(db: Knex): Promise<TableInfo[]> {
  // SQLite's own bookkeeping tables (sqlite_sequence...) are not part of the application's schema.
  const tables = (await db.raw(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name",
  )) as { name: string }[];
  const result: TableInfo[] = [];
  for (const { name } of tables) {
    // The table name comes from sqlite_master itself; quoted as an identifier all the same.
    const rows = (await db.raw(`pragma table_info("${name.replace(/"/g, '""')}")`)) as SqlitePragmaRow[];
    result.push({
      name,
      columns: rows.map((r) => ({
        name: r.name,
        type: r.type || 'ANY',
        nullable: r.notnull === 0 && r.pk === 0,
        defaultValue: r.dfltValue ?? null,
        primaryKey: r.pk > 0,
      })),
    });
  }
  return result;
}

interface PgColumnRow {
  tableName: string;
  columnName: string;
  dataType: string;
  isNullable: string;
  columnDefault: string | null;
}

async function describePostgres(db: Knex): Promise<TableInfo[]> {
  // Query builder rather than raw SQL, so rows come back through the camelCase mapping of db/connection.ts.
  const schema = db.raw('current_schema()');
  const [tables, columns, keys] = await Promise.all([
    db('information_schema.tables')
      .select('tableName')
      .where('tableSchema', schema)
      .andWhere('tableType', 'BASE TABLE')
      .orderBy('tableName') as Promise<{ tableName: string }[]>,
    db('information_schema.columns')
      .select('tableName', 'columnName', 'dataType', 'isNullable', 'columnDefault')
      .where('tableSchema', schema)
      .orderBy(['tableName', 'ordinalPosition']) as Promise<PgColumnRow[]>,
    db({ tc: 'information_schema.table_constraints' })
      .join({ kcu: 'information_schema.key_column_usage' }, function () {
        this.on('kcu.constraintName', 'tc.constraintName').andOn('kcu.tableSchema', 'tc.tableSchema');
      })
      .select('kcu.tableName', 'kcu.columnName')
      .where('tc.constraintType', 'PRIMARY KEY')
      .andWhere('tc.tableSchema', schema) as Promise<{ tableName: string; columnName: string }[]>,
  ]);
  const primary = new Set(keys.map((k) => `${k.tableName}.${k.columnName}`));
  const byTable = new Map<string, ColumnInfo[]>();
  for (const c of columns) {
    const list = byTable.get(c.tableName) ?? [];
    list.push({
      name: c.columnName,
      type: c.dataType,
      nullable: c.isNullable === 'YES',
      defaultValue: c.columnDefault,
      primaryKey: primary.has(`${c.tableName}.${c.columnName}`),
    });
    byTable.set(c.tableName, list);
  }
  return tables.map((t) => ({ name: t.tableName, columns: byTable.get(t.tableName) ?? [] }));
}
