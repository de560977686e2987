/**
 * Runs PostgreSQL's own tools for backups: `pg_dump --format=custom` and `pg_restore`. They are
 * found on PATH, else in the newest /usr/lib/postgresql/<version>/bin (Debian's layout). The
 * password of DATABASE_URL goes to them through PGPASSWORD, never on the command line.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The path of a PostgreSQL program, or throws naming what to install. */
export function findPostgresTool(tool: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, tool))) return path.join(dir, tool);
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', tool);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    `${tool} was not found on PATH nor in /usr/lib/postgresql/*/bin: install PostgreSQL's client programs (Debian: apt-get install postgresql-client), the same major version as the server or newer.`,
  );
}

/** The URL without its password, and the password apart (for PGPASSWORD). */
export function splitPassword(databaseUrl: string): { url: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { url: url.toString(), password };
}

/** Runs a tool; rejects with its error output when it fails. */
function run(program: string, args: string[], password: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...(password !== undefined ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const errors: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else {
        const output = Buffer.concat(errors).toString().trim();
        reject(
          new Error(
            `${path.basename(program)} failed (${code ?? signal}): ${output || 'no output'}`,
          ),
        );
      }
    });
  });
}

/** pg_dump of the whole database into `file` (custom format: compressed, for pg_restore). */
export async function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { url, password } = splitPassword(databaseUrl);
  await run(
    findPostgresTool('pg_dump'),
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`],
    password,
  );
}

/** pg_restore of a custom-format dump into the database, in one transaction. */
export async function pgRestore(
  databaseUrl: string,
  file: string,
  options: { clean: boolean },
): Promise<void> {
  const { url, password } = splitPassword(databaseUrl);
  await run(
    findPostgresTool('pg_restore'),
    [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      ...(options.clean ? ['--clean', '--if-exists'] : []),
      `--dbname=${url}`,
      file,
    ],
    password,
  );
}

/** Runs `work` with one client on the database, then closes it. */
export async function withPostgresClient<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Tables (and views, sequences...) in the connection's own schema: none means an empty database. */
export async function postgresRelations(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'f')
     order by c.relname`,
  );
  return rows.map((row) => row.name);
}
