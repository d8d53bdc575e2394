import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../database.js';
import { migrate, splitStatements } from '../migrate.js';
import { testDatabaseUrl } from '../../__tests__/helpers/test-database.js';

// Embedded PostgreSQL starts in seconds, more on a busy machine.
jest.setTimeout(60_000);

describe('migrations', () => {
  let db: Database;
  let dir: string;
  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: await testDatabaseUrl() });
    dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies numbered files in order, once, and records them', async () => {
    writeFileSync(path.join(dir, '0002_add.sql'), 'ALTER TABLE t ADD COLUMN b text;\n');
    writeFileSync(
      path.join(dir, '0001_create.sql'),
      '-- a table\nCREATE TABLE t (a int);\nINSERT INTO t (a) VALUES (1);\n',
    );
    writeFileSync(path.join(dir, 'notes.txt'), 'ignored');
    expect(await migrate(db, dir)).toEqual(['0001_create.sql', '0002_add.sql']);
    expect(await migrate(db, dir)).toEqual([]);
    const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.rows.map((r) => r.name)).toEqual(['0001_create.sql', '0002_add.sql']);
    expect((await db.query('SELECT a, b FROM t')).rows).toEqual([{ a: 1, b: null }]);
  });

  it('rolls a failing migration back entirely', async () => {
    writeFileSync(path.join(dir, '0003_bad.sql'), 'CREATE TABLE u (a int);\nSELECT * FROM missing_table;\n');
    await expect(migrate(db, dir)).rejects.toThrow();
    expect((await db.query(`SELECT to_regclass('u') AS u`)).rows[0]).toEqual({ u: null });
  });

  it('applies the shipped migrations', async () => {
    const fresh = await openDatabase({ databaseUrl: await testDatabaseUrl() });
    try {
      expect((await migrate(fresh)).length).toBeGreaterThan(0);
      expect((await fresh.query(`SELECT to_regclass('products') AS t`)).rows[0]).toEqual({ t: 'products' });
    } finally {
      await fresh.close();
    }
  });

  it('splits statements and drops comments', () => {
    expect(splitStatements('-- c\nSELECT 1;\n\nSELECT 2;')).toEqual(['SELECT 1', 'SELECT 2']);
  });
});
