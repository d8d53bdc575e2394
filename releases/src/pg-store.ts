// The release registry in PostgreSQL, for several site servers (a cluster, several machines): one row per remote
// holds its live pointer and its history. Every site instance reads it on every registry request, so a publish
// or rollback is visible to all of them on their next request. The published versions' files are in the same
// database (artifact-store.ts: content-addressed blobs and a manifest per version), written in the transaction
// that publishes them; versions published before that stay folders in RELEASES_DIR.
//
// A store is { read, readText, update, close }; registry.ts uses one when given (publishRelease and
// rollbackRelease take `store`), and its own registry.json file otherwise (the embedded single-machine default).
import pg from 'pg';
import { ARTIFACT_TABLES, pgArtifactStore, saveVersion } from './artifact-store.js';
import path from 'node:path';
import { promises as fs } from 'node:fs';
import { SHELL_RELEASE, entryOf, readRegistry } from './registry.js';
import { readBuildFiles } from './pack.js';
import type { ArtifactStore } from './artifact-store.js';

/** Serialises registry changes across processes and machines (and the table's creation). */
const REGISTRY_LOCK = 715015;

const CREATE = [
  `CREATE TABLE IF NOT EXISTS release_registry (
  remote text PRIMARY KEY,
  current text NOT NULL,
  history jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
)`,
  // The running staged rollout of the remote (null: none); every site instance splits visitors by it.
  'ALTER TABLE release_registry ADD COLUMN IF NOT EXISTS rollout jsonb',
  // The action log. The API's migrations (0004, 0010) make the same table in its database, with a user link
  // for the desk's rows; whichever of the two runs first creates it, the other finds it.
  `CREATE TABLE IF NOT EXISTS release_actions (
  id bigserial PRIMARY KEY,
  action text NOT NULL,
  remote text NOT NULL,
  from_version text NOT NULL DEFAULT '',
  to_version text NOT NULL DEFAULT '',
  changed boolean NOT NULL DEFAULT true,
  actor_email text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
)`,
  'CREATE INDEX IF NOT EXISTS release_actions_created_idx ON release_actions (created_at DESC, id)',
  `ALTER TABLE release_actions ADD COLUMN IF NOT EXISTS version text NOT NULL DEFAULT ''`,
  'ALTER TABLE release_actions ADD COLUMN IF NOT EXISTS percent integer',
  `ALTER TABLE release_actions ADD COLUMN IF NOT EXISTS why text NOT NULL DEFAULT ''`,
  'ALTER TABLE release_actions ADD COLUMN IF NOT EXISTS automatic boolean NOT NULL DEFAULT false',
  'ALTER TABLE release_actions ADD COLUMN IF NOT EXISTS figures jsonb',
  ...ARTIFACT_TABLES,
];

import type { Registry, ReleaseAction } from '@metrology/shared/contracts';
import type { RegistryStore } from './registry.js';

/**
 * The release model's store (model.ts RegistryStore: read, update in one transaction with its action rows, the
 * action log) kept in PostgreSQL, with the artifact store always there and what a server needs besides.
 */
export interface PgRegistryStore extends RegistryStore {
  /** a human description, for logs and `release status` */
  where: string;
  /** the registry as /remotes/registry.json serves it */
  readText: () => Promise<string>;
  /** the published versions' files */
  artifacts: ArtifactStore;
  close: () => Promise<void>;
}

async function load(db: pg.Pool | pg.PoolClient): Promise<Registry> {
  const { rows } = await db.query(
    'SELECT remote, current, history, rollout FROM release_registry ORDER BY remote',
  );
  const registry: Registry = { remotes: {} };
  for (const row of rows) {
    const entry = {
      current: row.current,
      history: row.history,
      ...(row.rollout ? { rollout: row.rollout } : {}),
    };
    // The shell's row (remote 'shell') is the registry's `shell`: `remotes` stays the four remotes.
    if (row.remote === SHELL_RELEASE) registry.shell = entry;
    else registry.remotes[row.remote] = entry;
  }
  return registry;
}

async function insertAction(db: pg.PoolClient, action: ReleaseAction) {
  await db.query(
    `INSERT INTO release_actions (action, remote, version, from_version, to_version, changed, actor_email, percent, why,
       automatic, figures, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12)`,
    [
      action.action,
      action.remote,
      action.version,
      action.from,
      action.to,
      action.changed,
      action.actor,
      action.percent ?? null,
      action.why,
      action.automatic,
      action.figures ? JSON.stringify(action.figures) : null,
      action.at,
    ],
  );
}

async function loadActions(db: pg.Pool, limit: number): Promise<ReleaseAction[]> {
  const { rows } = await db.query(
    `SELECT action, remote, version, from_version, to_version, changed, actor_email, percent, why, automatic, figures,
       created_at
     FROM release_actions ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    at: new Date(row.created_at).toISOString(),
    actor: row.actor_email,
    action: row.action,
    remote: row.remote,
    version: row.version || row.to_version,
    from: row.from_version,
    to: row.to_version,
    changed: row.changed,
    ...(row.percent === null ? {} : { percent: row.percent }),
    why: row.why,
    automatic: row.automatic,
    ...(row.figures ? { figures: row.figures } : {}),
  }));
}

/**
 * Stores the files of every version the registry names whose folder is in RELEASES_DIR but not yet in the artifact
 * store (versions published before it, or on a single machine): from then on site servers need no shared folder.
 */
async function importVersionFolders(pool: pg.Pool, releasesDir: string, update: PgRegistryStore['update']) {
  const registry = await load(pool);
  const { rows } = await pool.query('SELECT remote, version FROM release_versions');
  const stored = new Set(rows.map((row) => `${row.remote}/${row.version}`));
  const entries = Object.entries(registry.remotes);
  if (registry.shell) entries.push([SHELL_RELEASE, registry.shell]);
  for (const [remote, entry] of entries) {
    for (const { version } of entry.history) {
      const folder = path.join(releasesDir, remote, version);
      if (stored.has(`${remote}/${version}`) || !(await fs.stat(folder).catch(() => null))) continue;
      // A folder that is not plain files (a link) stays where it is: site servers read it from RELEASES_DIR.
      const files = await readBuildFiles(folder).catch(() => null);
      if (!files) continue;
      // Under the registry lock, so two processes opening the store at once store it once.
      await update(async () => {
        const again = await pool.query('SELECT 1 FROM release_versions WHERE remote = $1 AND version = $2', [
          remote,
          version,
        ]);
        return {
          registry: null,
          result: undefined,
          ...(again.rows.length ? {} : { artifacts: { remote, version, files } }),
        };
      });
    }
  }
}

/** Hides the password of a connection string. */
export function describeDatabase(url: string) {
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
 *
 */
export async function openPgRegistryStore(
  databaseUrl: string,
  options: { importFrom?: string; poolSize?: number } = {},
): Promise<PgRegistryStore> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 3 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);

  const update: PgRegistryStore['update'] = async (fn) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [REGISTRY_LOCK]);
      const before = await load(client);
      const { registry, result, actions, artifacts } = await fn(before);
      // A published version's files go in with its registry row: never a pointer to files not stored.
      if (artifacts) await saveVersion(client, artifacts);
      if (registry) {
        const entries = Object.entries(registry.remotes);
        if (registry.shell) entries.push([SHELL_RELEASE, registry.shell]);
        for (const [remote, entry] of entries) {
          if (JSON.stringify(entryOf(before, remote)) === JSON.stringify(entry)) continue;
          await client.query(
            `INSERT INTO release_registry (remote, current, history, rollout) VALUES ($1, $2, $3::jsonb, $4::jsonb)
             ON CONFLICT (remote) DO UPDATE SET current = EXCLUDED.current, history = EXCLUDED.history,
               rollout = EXCLUDED.rollout, updated_at = now()`,
            [
              remote,
              entry.current,
              JSON.stringify(entry.history),
              entry.rollout ? JSON.stringify(entry.rollout) : null,
            ],
          );
        }
      }
      for (const action of actions ?? []) await insertAction(client, action);
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
      for (const statement of CREATE) await client.query(statement);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    if (options.importFrom) {
      const fileRegistry = await readRegistry(options.importFrom).catch(() => ({ remotes: {} }) as Registry);
      if (Object.keys(fileRegistry.remotes).length > 0 || fileRegistry.shell) {
        await update(async (current) =>
          Object.keys(current.remotes).length === 0 && !current.shell
            ? { registry: fileRegistry, result: undefined }
            : { registry: null, result: undefined },
        );
      }
      await importVersionFolders(pool, options.importFrom, update);
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  return {
    where: `${describeDatabase(databaseUrl)} (table release_registry)`,
    read: () => load(pool),
    readText: async () => JSON.stringify(await load(pool)),
    readActions: (limit) => loadActions(pool, limit),
    artifacts: pgArtifactStore(pool),
    update,
    close: () => pool.end(),
  };
}

/** What a site server needs of the database: the live registry and the published versions' files, read only. */
export interface RegistryReader {
  where: string;
  read: () => Promise<Registry>;
  /** the registry as /remotes/registry.json serves it */
  readText: () => Promise<string>;
  artifacts: ArtifactStore;
  close: () => Promise<void>;
}

/**
 * The registry and artifact store at databaseUrl for a reader: no table is created and nothing is written, so it
 * runs with a role that may only SELECT release_registry, release_versions and release_blobs (the site server's).
 */
export async function openPgRegistryReader(
  databaseUrl: string,
  options: { poolSize?: number } = {},
): Promise<RegistryReader> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 3 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return {
    where: `${describeDatabase(databaseUrl)} (table release_registry)`,
    read: () => load(pool),
    readText: async () => JSON.stringify(await load(pool)),
    artifacts: pgArtifactStore(pool),
    close: () => pool.end(),
  };
}
