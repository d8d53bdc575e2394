// Which engine the API suite runs on. The jest project "api (PostgreSQL)" starts a throwaway server and sets
// API_TEST_POSTGRES_URL; then every app or database a test opens gets a database of its own on that server, so
// test files stay independent exactly as with PGlite's in-memory databases.
import pg from 'pg';

const serverUrl = process.env.API_TEST_POSTGRES_URL;

export const TEST_ENGINE: 'postgres' | 'pglite' = serverUrl ? 'postgres' : 'pglite';

let counter = 0;
const byDataDir = new Map<string, string>();

async function createDatabase(): Promise<string> {
  counter += 1;
  const name = `test_${process.pid}_${Date.now().toString(36)}_${counter}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * On PostgreSQL: a new empty database for an in-memory app (no dataDir), or the same database for every app
 * opened on one dataDir (a restart keeps its data, as PGlite's files do). On PGlite: undefined (embedded).
 */
export async function testDatabaseUrl(dataDir?: string): Promise<string | undefined> {
  if (!serverUrl) return undefined;
  if (!dataDir) return createDatabase();
  let url = byDataDir.get(dataDir);
  if (!url) {
    url = await createDatabase();
    byDataDir.set(dataDir, url);
  }
  return url;
}
