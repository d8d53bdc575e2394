import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../paths.js';
import type { Database } from './database.js';

const MIGRATION_NAME = /^\d{4}_[\w-]+\.sql$/;

/** Applies the numbered .sql files not yet recorded in schema_migrations, in order, each in a transaction. */
export async function migrate(db: Database, directory = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = (await readdir(directory)).filter((name) => MIGRATION_NAME.test(name)).sort();
  const applied = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name),
  );
  const done: string[] = [];
  for (const name of files) {
    if (applied.has(name)) continue;
    const sql = await readFile(path.join(directory, name), 'utf8');
    await db.transaction(async (tx) => {
      // Serialises concurrent starts against one PostgreSQL server; a no-op cost on PGlite.
      await tx.query('SELECT pg_advisory_xact_lock(715003)');
      const again = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (again.rows.length > 0) return;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    });
    done.push(name);
  }
  return done;
}

/** Splits a migration on semicolons at line ends (the files hold no functions or quoted semicolons). */
export function splitStatements(sql: string): string[] {
  return sql
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}
