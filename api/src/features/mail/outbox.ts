// Writing a message: one row of mail_outbox (migration 0008), on the caller's transaction, so it is stored with
// the event that causes it or not at all. The sender (sender.ts) delivers it later.
import type { Queryable } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { Rendered } from './layout.js';
import type { MailConfig, MailKind } from './mail-config.js';

/** Stores the message for delivery; a kind turned off in MAIL_DISABLED is not stored. Answers the row's id. */
export async function enqueue(
  tx: Queryable,
  config: MailConfig,
  kind: MailKind,
  to: string,
  message: Rendered,
): Promise<string | null> {
  if (config.disabled.has(kind) || !to) return null;
  const id = newId();
  await tx.query(
    `INSERT INTO mail_outbox (id, kind, to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, kind, to, message.subject, message.text, message.html],
  );
  return id;
}

/** Where staff notices go: MAIL_STAFF_TO, else every staff account whose address is verified. */
export async function staffAddresses(tx: Queryable, config: MailConfig): Promise<string[]> {
  if (config.staffTo.length) return config.staffTo;
  const found = await tx.query<{ email: string }>(
    `SELECT email FROM users WHERE role = 'staff' AND email_verified_at IS NOT NULL ORDER BY email`,
  );
  return found.rows.map((row) => row.email);
}
