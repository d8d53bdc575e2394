-- Issue 33: deploy tokens, so a section team ships from its own CI. Only the SHA-256 of the secret is kept (the
-- secret is shown once, when the token is made); each token names the remotes and the actions it may use.
CREATE TABLE IF NOT EXISTS deploy_tokens (
  id text PRIMARY KEY,
  name text NOT NULL,
  secret_hash text NOT NULL UNIQUE,
  remotes text[] NOT NULL,
  actions text[] NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_by text,
  last_used_at timestamptz,
  last_used_from text,
  last_used_for text
);
CREATE INDEX IF NOT EXISTS deploy_tokens_created_idx ON deploy_tokens (created_at DESC);
