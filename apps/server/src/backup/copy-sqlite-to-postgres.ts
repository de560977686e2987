/**
 * Moves the embedded SQLite database into an EMPTY PostgreSQL database (when one machine is no
 * longer enough): brings the SQLite file to this version's schema, migrates the target, then in one
 * PostgreSQL transaction copies every table in dependency order (parents first) with the tables'
 * triggers off (so `classes.taken` is copied, not counted twice), sets the sequences past the
 * copied keys, and checks before committing that every table has as many rows as the source and
 * every class's `taken` equals its enrolment rows. Stop the server before copying.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { openDatabase } from '../db/database.js';
import { SQLITE_FILE } from './backup.js';
import { postgresRelations, withPostgresClient } from './postgres-tools.js';

/** Kysely's bookkeeping: each database keeps its own (the target's comes from migrating it). */
const isBookkeeping = (table: string) => table.startsWith('kysely_') || table.startsWith('sqlite_');

/**
 * The tables ordered so that every table comes after the tables it references (`edges`: child →
 * parents). Ties keep alphabetical order; a cycle is an error.
 */
export function dependencyOrder(
  tables: readonly string[],
  edges: readonly { child: string; parent: string }[],
): string[] {
  const remaining = new Set(tables);
  const parentsOf = new Map<string, Set<string>>();
  for (const { child, parent } of edges) {
    if (child === parent || !remaining.has(child) || !remaining.has(parent)) continue;
    parentsOf.set(child, (parentsOf.get(child) ?? new Set()).add(parent));
  }
  const ordered: string[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining]
      .filter((table) => [...(parentsOf.get(table) ?? [])].every((p) => !remaining.has(p)))
      .sort();
    if (ready.length === 0) {
      throw new Error(`the tables ${[...remaining].join(', ')} reference each other in a cycle`);
    }
    for (const table of ready) {
      ordered.push(table);
      remaining.delete(table);
    }
  }
  return ordered;
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export interface CopyReport {
  /** Table → rows copied, in the order copied. */
  tables: { name: string; rows: number }[];
  /** Sequences set past the copied keys. */
  sequences: string[];
}

/** Reads every table of the SQLite file in one read transaction (a consistent snapshot). */
function readSqlite(file: string): Map<string, { columns: string[]; rows: unknown[][] }> {
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = (
      source.prepare("select name from sqlite_master where type = 'table' order by name").all() as {
        name: string;
      }[]
    )
      .map((row) => row.name)
      .filter((name) => !isBookkeeping(name));
    const read = source.transaction(() => {
      const result = new Map<string, { columns: string[]; rows: unknown[][] }>();
      for (const table of tables) {
        const columns = (source.pragma(`table_info(${quote(table)})`) as { name: string }[]).map(
          (column) => column.name,
        );
        const rows = source
          .prepare(`select ${columns.map(quote).join(', ')} from ${quote(table)}`)
          .raw()
          .all() as unknown[][];
        result.set(table, { columns, rows });
      }
      return result;
    });
    return read();
  } finally {
    source.close();
  }
}

async function targetShape(client: pg.Client) {
  const columns = await client.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
     order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns.rows) {
    if (isBookkeeping(row.table_name)) continue;
    byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
  }
  const edges = await client.query<{ child: string; parent: string }>(
    `select tc.table_name as child, ccu.table_name as parent
     from information_schema.table_constraints tc
     join information_schema.constraint_column_usage ccu
       on ccu.constraint_schema = tc.constraint_schema and ccu.constraint_name = tc.constraint_name
     where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`,
  );
  const sequences = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = current_schema()
       and (column_default like 'nextval(%' or is_identity = 'YES')`,
  );
  return { byTable, edges: edges.rows, sequences: sequences.rows };
}

/** Copies DATA_DIR's SQLite database into the empty PostgreSQL database at `databaseUrl`. */
export async function copySqliteToPostgres(options: {
  dataDir: string;
  databaseUrl: string;
}): Promise<CopyReport> {
  const file = path.join(options.dataDir, SQLITE_FILE);
  const relations = await withPostgresClient(options.databaseUrl, postgresRelations);
  if (relations.length > 0) {
    throw new Error(
      `The PostgreSQL database is not empty (${relations.slice(0, 5).join(', ')}${relations.length > 5 ? ', …' : ''}): copy into a new, empty database (createdb), nothing was changed.`,
    );
  }
  // Both databases at this version's schema (the source as the server would at start-up).
  const sourceHandle = await openDatabase({ dataDir: options.dataDir });
  await sourceHandle.close();
  const targetHandle = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    poolSize: 1,
  });
  await targetHandle.close();

  const source = readSqlite(file);
  return withPostgresClient(options.databaseUrl, async (client) => {
    const shape = await targetShape(client);
    const sourceTables = [...source.keys()].sort();
    const targetTables = [...shape.byTable.keys()].sort();
    if (sourceTables.join() !== targetTables.join()) {
      throw new Error(
        `the tables differ: SQLite has ${sourceTables.join(', ')}; PostgreSQL has ${targetTables.join(', ')}`,
      );
    }
    const order = dependencyOrder(targetTables, shape.edges);
    const report: CopyReport = { tables: [], sequences: [] };

    await client.query('begin');
    try {
      for (const table of [...order].reverse()) {
        await client.query(`alter table ${quote(table)} disable trigger user`);
        await client.query(`delete from ${quote(table)}`);
      }
      for (const table of order) {
        const { columns, rows } = source.get(table) as { columns: string[]; rows: unknown[][] };
        const targetColumns = shape.byTable.get(table) ?? [];
        if ([...columns].sort().join() !== [...targetColumns].sort().join()) {
          throw new Error(`the columns of ${table} differ between SQLite and PostgreSQL`);
        }
        // PostgreSQL takes at most 65535 parameters per statement.
        const perStatement = Math.max(1, Math.floor(30_000 / columns.length));
        for (let i = 0; i < rows.length; i += perStatement) {
          const chunk = rows.slice(i, i + perStatement);
          const values = chunk
            .map(
              (_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
            )
            .join(', ');
          await client.query(
            `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${values}`,
            chunk.flat(),
          );
        }
        report.tables.push({ name: table, rows: rows.length });
      }
      for (const table of order) {
        await client.query(`alter table ${quote(table)} enable trigger user`);
      }
      for (const { table_name, column_name } of shape.sequences) {
        await client.query(
          `select setval(pg_get_serial_sequence($1, $2),
             coalesce((select max(${quote(column_name)}) from ${quote(table_name)}), 1),
             (select max(${quote(column_name)}) from ${quote(table_name)}) is not null)`,
          [quote(table_name), column_name],
        );
        report.sequences.push(`${table_name}.${column_name}`);
      }

      const problems = await checkCopy(client, source);
      if (problems.length > 0) {
        throw new Error(
          `the copy does not match the source, nothing was kept:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
        );
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
    return report;
  });
}

/** Row counts equal to the source's, and every class's `taken` equal to its enrolment rows. */
async function checkCopy(
  client: pg.Client,
  source: Map<string, { columns: string[]; rows: unknown[][] }>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const [table, { rows }] of source) {
    const { rows: counted } = await client.query<{ n: string }>(
      `select count(*)::text as n from ${quote(table)}`,
    );
    const n = Number(counted[0]?.n);
    if (n !== rows.length) problems.push(`${table}: ${n} rows copied of ${rows.length}`);
  }
  if (source.has('classes') && source.has('enrolments')) {
    const { rows } = await client.query<{ id: string; taken: number; n: string }>(
      `select c.id, c.taken, (select count(*) from enrolments e where e.class_id = c.id)::text as n
       from classes c`,
    );
    for (const row of rows) {
      if (Number(row.taken) !== Number(row.n)) {
        problems.push(`class ${row.id}: taken is ${row.taken} but it has ${row.n} enrolments`);
      }
    }
  }
  return problems;
}
