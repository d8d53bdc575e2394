// @ts-check
// The site servers' own PostgreSQL role: it may log in and SELECT the three tables a site server reads (the
// release registry, and the artifact store's manifests and blobs), nothing else. Made, or put back to exactly
// that, by whoever creates the shop's database (`npm run cluster`, `npm start` on DATABASE_URL), with a password
// generated once and kept in DATA_DIR/site-db-password (readable by its owner only).
//
// PostgreSQL 15 gives a new table no privilege but its owner's, and no role CREATE on schema public, so tables the
// API's migrations add later are out of its reach unless someone grants them: nothing here or in the migrations
// does (tools/src/__tests__/site-sandbox.test.ts checks, after the API has migrated, that it holds SELECT on these
// three tables and no other privilege on any table).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What a site server reads: releases/src/pg-store.ts (load) and artifact-store.ts (pgArtifactStore). */
export const SITE_TABLES = Object.freeze(['release_registry', 'release_versions', 'release_blobs']);

/** Serialises two starts making the role at once (CREATE ROLE is not idempotent by itself). */
const ROLE_LOCK = 715016;

/**
 * The role's name for a database: one per database, so shops sharing a server do not share a role.
 * @param {string} database
 */
export function siteRoleName(database) {
  const name = `site_${database.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
  return name.slice(0, 63);
}

/** @param {string} dataDir */
function sitePassword(dataDir) {
  const file = path.join(dataDir, 'site-db-password');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const password = randomBytes(24).toString('base64url');
  try {
    writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
    return password;
  } catch (error) {
    // Another process made it first: use its password.
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}

/**
 * Makes (or resets) the site role of the database at adminUrl, a role allowed to create roles, and returns the
 * URL the site servers connect with. The release tables must exist (the registry store creates them when it
 * opens the database). Idempotent: every run leaves the role with LOGIN, its password, and SELECT on SITE_TABLES
 * only.
 * @param {string} adminUrl
 * @param {{ dataDir: string }} options
 * @returns {Promise<{ url: string; role: string }>}
 */
export async function ensureSiteRole(adminUrl, { dataDir }) {
  const { default: pg } = await import('pg');
  const parsed = new URL(adminUrl);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres';
  const role = siteRoleName(database);
  const password = sitePassword(dataDir);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const id = client.escapeIdentifier(role);
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [ROLE_LOCK]);
    const { rows } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    if (rows.length === 0) await client.query(`CREATE ROLE ${id}`);
    await client.query(
      `ALTER ROLE ${id} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS
         CONNECTION LIMIT 64 PASSWORD ${client.escapeLiteral(password)}`,
    );
    // Exactly SELECT on its tables: whatever else it was granted in this database goes.
    await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${id}`);
    await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${id}`);
    await client.query(`REVOKE CREATE ON SCHEMA public FROM ${id}`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${id}`);
    await client.query(
      `GRANT SELECT ON ${SITE_TABLES.map((table) => client.escapeIdentifier(table)).join(', ')} TO ${id}`,
    );
    // Its statements never hold the database for long (a render waits for them).
    await client.query(`ALTER ROLE ${id} SET statement_timeout = '10s'`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new Error(
      `The site's read-only database role ${role} could not be made with ${parsed.username || 'this'} role (${error instanceof Error ? error.message : error}). Give DATABASE_URL's role CREATEROLE, or make a role that may only SELECT ${SITE_TABLES.join(', ')} and set SITE_DATABASE_URL to its URL.`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  const url = new URL(adminUrl);
  url.username = role;
  url.password = password;
  return { url: url.toString(), role };
}
