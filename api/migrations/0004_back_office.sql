-- The back office: account roles, contact-form messages, "handled" marks on the inbox, and the release desk's log.

-- shopper (every sign-up), staff (orders desk, inbox), release-manager (release desk). Only the operator's
-- `npm run user -- grant` changes it; no API call does.
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'shopper'
  CHECK (role IN ('shopper', 'staff', 'release-manager'));

-- What the /contact form sends (it used to send nothing).
CREATE TABLE contact_messages (
  id text PRIMARY KEY,
  product text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  mobile text NOT NULL,
  requirement text NOT NULL DEFAULT '',
  details text NOT NULL,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz,
  handled_by text REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC, id);

ALTER TABLE enquiries ADD COLUMN handled_at timestamptz;
ALTER TABLE enquiries ADD COLUMN handled_by text REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX enquiries_created_idx ON enquiries (created_at DESC, id);

ALTER TABLE job_applications ADD COLUMN handled_at timestamptz;
ALTER TABLE job_applications ADD COLUMN handled_by text REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX job_applications_created_idx ON job_applications (created_at DESC, id);

-- The orders desk lists every order newest first.
CREATE INDEX orders_created_idx ON orders (created_at DESC, id);

-- Every roll back or re-promote made from the release desk: who, when, from which version to which.
-- IF NOT EXISTS: the release registry in PostgreSQL (tools/src/registry-store-pg.mjs) makes the same table when
-- the release CLI or a cluster opens it before this API first migrates the database.
CREATE TABLE IF NOT EXISTS release_actions (
  id bigserial PRIMARY KEY,
  action text NOT NULL,
  remote text NOT NULL,
  from_version text NOT NULL DEFAULT '',
  to_version text NOT NULL DEFAULT '',
  changed boolean NOT NULL DEFAULT true,
  actor_user_id text REFERENCES users (id) ON DELETE SET NULL,
  actor_email text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS release_actions_created_idx ON release_actions (created_at DESC, id);
