-- Issue 26: staged rollouts, their automatic rollback, and load-failure reports that cannot be forged or flooded.

-- The action log is the release registry's (tools/src/registry.mjs): with DATABASE_URL its rows are here, written
-- by the release CLI, the desk and the rollout controller alike; what, why, and the figures of automatic actions.
-- IF NOT EXISTS throughout: the registry store adds the same columns when it opens the database first.
ALTER TABLE release_actions ADD COLUMN IF NOT EXISTS version text NOT NULL DEFAULT '';
ALTER TABLE release_actions ADD COLUMN IF NOT EXISTS percent integer;
ALTER TABLE release_actions ADD COLUMN IF NOT EXISTS why text NOT NULL DEFAULT '';
ALTER TABLE release_actions ADD COLUMN IF NOT EXISTS automatic boolean NOT NULL DEFAULT false;
ALTER TABLE release_actions ADD COLUMN IF NOT EXISTS figures jsonb;
ALTER TABLE release_actions ADD COLUMN IF NOT EXISTS actor_user_id text;

-- A report counts only with the page token the site signed; its session comes from that token. One report per
-- session, remote, version and kind (older reports, from before tokens, have no session and stay as they were).
ALTER TABLE load_failures ADD COLUMN session text NOT NULL DEFAULT '';
CREATE UNIQUE INDEX load_failures_once ON load_failures (session, remote, version, kind) WHERE session <> '';
CREATE INDEX load_failures_version_idx ON load_failures (remote, version, at);

-- The sessions each site server served per remote version (POST /api/releases/served): one row per session, its
-- first and latest visit in this version, and whether the server's own render of it failed (and when last).
CREATE TABLE release_sessions (
  remote text NOT NULL,
  version text NOT NULL,
  session text NOT NULL,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  render_failed boolean NOT NULL DEFAULT false,
  failed_at timestamptz,
  PRIMARY KEY (remote, version, session)
);
CREATE INDEX release_sessions_seen_idx ON release_sessions (remote, version, last_seen);
