-- Issue 33: one artifact store. With DATABASE_URL a published version's files live here, not in RELEASES_DIR: each
-- file a blob keyed by the SHA-256 of its bytes (a file two versions share is stored once), each version its
-- manifest (path, hash, size, content type). Site servers on any machine fetch them into a cache of their own and
-- check every hash. The same statements as tools/src/artifact-store-pg.mjs (IF NOT EXISTS: whichever opens the
-- database first makes them).
CREATE TABLE IF NOT EXISTS release_blobs (
  sha256 text PRIMARY KEY,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS release_versions (
  remote text NOT NULL,
  version text NOT NULL,
  files jsonb NOT NULL,
  bytes bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (remote, version)
);
