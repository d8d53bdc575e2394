-- Issue 32: mail that cannot be aimed at a stranger, and accounts that cannot be squatted.

-- When the account's current password was chosen. A password chosen before the address was proved (the one typed
-- at sign-up, by whoever registered) stops logging in once the owner proves the address, and a role needs a
-- password chosen after the proof (a reset link does both). Existing accounts count from their creation, so an
-- account verified after it was made chooses a new password once.
ALTER TABLE users ADD COLUMN password_set_at timestamptz;
UPDATE users SET password_set_at = created_at;
ALTER TABLE users ALTER COLUMN password_set_at SET NOT NULL;
ALTER TABLE users ALTER COLUMN password_set_at SET DEFAULT now();

-- A message held back by the per-recipient caps (features/mail/recipient-caps.ts) is kept, never sent: when and why.
ALTER TABLE mail_outbox ADD COLUMN suppressed_at timestamptz;
ALTER TABLE mail_outbox ADD COLUMN suppressed_reason text;
-- The caps count one recipient's messages of the last hour.
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (to_address, created_at);

-- "Forgot password?" requests, answered at once and worked off after the answer (features/mail/reset-requests.ts),
-- so the answer takes the same time whether or not an account has the e-mail.
CREATE TABLE password_reset_requests (
  id text PRIMARY KEY,
  email text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_requests_at_idx ON password_reset_requests (requested_at, id);
