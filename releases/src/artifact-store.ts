// The artifact store: with DATABASE_URL a published version's files live in PostgreSQL, beside the
// release pointer, so site servers on any machine share nothing but the database. Each file is a blob keyed by the
// SHA-256 of its bytes (a file two versions share is stored once); a version is its manifest: path -> hash, size
// and content type. Versions are written with their pointer change, in the registry store's transaction
// (pg-store.ts), and never change after; a site server fetches them into a cache of its own
// (site/src/artifacts.ts) and checks every hash before it serves or loads a byte.
import { createHash } from 'node:crypto';
import { releaseFileType } from './file-types.js';
import type { Pool, PoolClient } from 'pg';

/**
 * The tables, made by whoever opens the database first: the registry store (CLI, site, cluster) or the API's
 * migration 0014, which holds the same statements.
 */
export const ARTIFACT_TABLES = [
  `CREATE TABLE IF NOT EXISTS release_blobs (
  sha256 text PRIMARY KEY,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`,
  `CREATE TABLE IF NOT EXISTS release_versions (
  remote text NOT NULL,
  version text NOT NULL,
  files jsonb NOT NULL,
  bytes bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (remote, version)
)`,
];

/** one file of a version
 */
export type ArtifactFile = { path: string; sha256: string; size: number; contentType: string };
export type ArtifactManifest = { remote: string; version: string; files: ArtifactFile[] };
export type Queryable = Pool | PoolClient;

export interface ArtifactStore {
  hasVersion: (remote: string, version: string) => Promise<boolean>;
  manifest: (remote: string, version: string) => Promise<ArtifactManifest | null>;
  /** the bytes of these hashes, as stored (unchecked: the reader checks them against the hash it asked for) */
  blobs: (hashes: string[]) => Promise<Map<string, Buffer>>;
}

/** Blobs read per query while a version is fetched: bounds the memory of one round trip (files are <= 32 MiB). */
const BLOBS_PER_QUERY = 32;

export function sha256Of(data: Buffer) {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The content type a manifest records for a file: the release file allow-list's (file-types.ts), bytes for any
 * other. Informative only: a site server sends a file with the type its extension has in that list, never this.
 */
export function contentTypeOf(file: string) {
  return releaseFileType(file)?.contentType ?? 'application/octet-stream';
}

/**
 * Writes a version: every blob it lacks, then its manifest. Called inside the registry store's transaction, under
 * its lock, with the pointer change: a version is recorded whole with its registry row, or not at all.
 *
 */
export async function saveVersion(
  db: Queryable,
  { remote, version, files }: { remote: string; version: string; files: { path: string; data: Buffer }[] },
): Promise<{ files: number; newBlobs: number; bytes: number }> {
  const manifest: ArtifactFile[] = [];
  let newBlobs = 0;
  let bytes = 0;
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const sha256 = sha256Of(file.data);
    // Content-addressed: a blob already stored (by this version or any other) is the same bytes.
    const inserted = await db.query(
      'INSERT INTO release_blobs (sha256, size, data) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING',
      [sha256, file.data.length, file.data],
    );
    newBlobs += inserted.rowCount ?? 0;
    bytes += file.data.length;
    manifest.push({ path: file.path, sha256, size: file.data.length, contentType: contentTypeOf(file.path) });
  }
  await db.query(
    'INSERT INTO release_versions (remote, version, files, bytes) VALUES ($1, $2, $3::jsonb, $4)',
    [remote, version, JSON.stringify(manifest), bytes],
  );
  return { files: manifest.length, newBlobs, bytes };
}

/** The artifact store on a pool (the registry store's: one set of connections per process). */
export function pgArtifactStore(db: Queryable): ArtifactStore {
  return {
    hasVersion: async (remote, version) =>
      (await db.query('SELECT 1 FROM release_versions WHERE remote = $1 AND version = $2', [remote, version]))
        .rows.length > 0,
    manifest: async (remote, version) => {
      const { rows } = await db.query(
        'SELECT files FROM release_versions WHERE remote = $1 AND version = $2',
        [remote, version],
      );
      const files = rows[0]?.files;
      return Array.isArray(files) ? { remote, version, files } : null;
    },
    blobs: async (hashes) => {
      const found: Map<string, Buffer> = new Map();
      for (let start = 0; start < hashes.length; start += BLOBS_PER_QUERY) {
        const { rows } = await db.query(
          'SELECT sha256, data FROM release_blobs WHERE sha256 = ANY($1::text[])',
          [hashes.slice(start, start + BLOBS_PER_QUERY)],
        );
        for (const row of rows) found.set(String(row.sha256), Buffer.from(row.data));
      }
      return found;
    },
  };
}
