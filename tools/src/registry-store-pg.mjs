// @ts-check
// The release registry in PostgreSQL, for several site servers (a cluster, several machines): one row per remote
// holds its live pointer and its history. Every site instance reads it on every registry request, so a publish
// or rollback is visible to all of them on their next request. The published bundles stay files in a shared
// RELEASES_DIR (immutable once written; any shared folder or object store mount serves them).
//
// A store is { read, readText, update, close }; registry.mjs uses one when given (publishRelease and
// rollbackRelease take `store`), and its own registry.json file otherwise (the embedded single-machine default).
import pg from 'pg';
import { readRegistry } from './registry.mjs';

/** Serialises registry changes across processes and machines (and the table's creation). */
const REGISTRY_LOCK = 715015;

const CREATE = `CREATE TABLE IF NOT EXISTS release_registry (
  remote text PRIMARY KEY,
  current text NOT NULL,
  history jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
)`;

/** @typedef {import('./registry.mjs').Registry} Registry */

/**
 * @typedef {object} RegistryStore
 * @property {string} where a human description, for logs and `release status`
 * @property {() => Promise<Registry>} read
 * @property {() => Promise<string>} readText the registry as /remotes/registry.json serves it
 * @property {<T>(fn: (registry: Registry) => Promise<{ registry: Registry | null; result: T }>) => Promise<T>} update
 *   runs fn with every other change held off; writes the registry fn returns (null: no change)
 * @property {() => Promise<void>} close
 */

/** @param {pg.Pool | pg.PoolClient} db @returns {Promise<Registry>} */
async function load(db) {
  const { rows } = await db.query('SELECT remote, current, history FROM release_registry ORDER BY remote');
  /** @type {Registry} */
  const registry = { remotes: {} };
  for (const row of rows) registry.remotes[row.remote] = { current: row.current, history: row.history };
  return registry;
}

/** Hides the password of a connection string. @param {string} url */
export function describeDatabase(url) {
  try {
    const parsed = new URL(url);
    return `PostgreSQL ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * Opens the registry in the database at databaseUrl (creating its table). When the table is empty and
 * importFrom names a RELEASES_DIR with a registry.json, that registry is copied in once (moving a
 * single-machine install to a cluster keeps its history).
 * @param {string} databaseUrl
 * @param {{ importFrom?: string; poolSize?: number }} [options]
 * @returns {Promise<RegistryStore>}
 */
export async function openPgRegistryStore(databaseUrl, options = {}) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 3 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);

  /** @type {RegistryStore['update']} */
  const update = async (fn) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [REGISTRY_LOCK]);
      const before = await load(client);
      const { registry, result } = await fn(before);
      if (registry) {
        for (const [remote, entry] of Object.entries(registry.remotes)) {
          if (JSON.stringify(before.remotes[remote]) === JSON.stringify(entry)) continue;
          await client.query(
            `INSERT INTO release_registry (remote, current, history) VALUES ($1, $2, $3::jsonb)
             ON CONFLICT (remote) DO UPDATE SET current = EXCLUDED.current, history = EXCLUDED.history,
               updated_at = now()`,
            [remote, entry.current, JSON.stringify(entry.history)],
          );
        }
      }
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  try {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [REGISTRY_LOCK]);
      await client.query(CREATE);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    if (options.importFrom) {
      const fileRegistry = await readRegistry(options.importFrom).catch(() => ({ remotes: {} }));
      if (Object.keys(fileRegistry.remotes).length > 0) {
        await update(async (current) =>
          Object.keys(current.remotes).length === 0
            ? { registry: fileRegistry, result: undefined }
            : { registry: null, result: undefined },
        );
      }
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  return {
    where: `${describeDatabase(databaseUrl)} (table release_registry)`,
    read: () => load(pool),
    readText: async () => JSON.stringify(await load(pool)),
    update,
    close: () => pool.end(),
  };
}
