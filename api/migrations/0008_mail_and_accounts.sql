-- Issue 28: the e-mails the shop sends, proved addresses and password resets.

-- The outbox: every message is a row written in the same transaction as the event that causes it (an order, a
-- status move, a sign-up...), so a message is never sent for something that did not happen, nor lost for
-- something that did. The sender (features/mail/sender.ts) claims due rows, delivers them over SMTP and marks them.
CREATE TABLE mail_outbox (
  id text PRIMARY KEY,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Not before this time: now at first, later after each failed attempt (exponential backoff).
  send_after timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz,
  last_error text,
  -- A sender that claimed the row holds it until then; a sender that died lets it go back to the queue.
  locked_until timestamptz,
  claimed_by text
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (send_after) WHERE sent_at IS NULL;
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC, id);

-- When the account's e-mail address was proved (the verification link, or a password reset through it).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

-- Single-use links sent by e-mail: only a hash of the token is kept, so the table cannot be used to log in.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
  -- The address the link was sent to: a link proves only that address.
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose) WHERE used_at IS NULL;
