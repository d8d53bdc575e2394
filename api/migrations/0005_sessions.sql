-- Sessions that end (issue 19): every token names a row here. Logout revokes it, a password change revokes all
-- of the user's, and a session unused for SESSION_IDLE_SECONDS or older than SESSION_ABSOLUTE_SECONDS is over.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;
