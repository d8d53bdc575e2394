// Writing a message: one row of mail_outbox (migration 0008), on the caller's transaction, so it is stored with
// the event that causes it or not at all. The sender (sender.ts) delivers it later. Every row passes the
// per-recipient caps (recipient-caps.ts): a capped one is stored as suppressed and never sent.
import { normaliseEmail } from '@metrology/shared/rules';
import type { Queryable } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { Rendered } from './layout.js';
import type { MailConfig, MailKind } from './mail-config.js';
import { capReason } from './recipient-caps.js';

export type Admission = { to: string; suppressed: null } | { to: string; suppressed: string };

/**
 * Whether a message of this kind may go to the address now (the caps' lock is held to the end of the
 * transaction). The address is the stored form of one bare addr-spec; anything else is never sent.
 */
export async function admit(tx: Queryable, kind: MailKind, rawTo: string): Promise<Admission> {
  const to = normaliseEmail(rawTo);
  if (!to) return { to: rawTo.slice(0, 254), suppressed: 'not a bare e-mail address' };
  const reason = await capReason(tx, kind, to);
  return reason ? { to, suppressed: reason } : { to, suppressed: null };
}

/**
 * Records a message the caps held back: its kind, address and subject, no body (a capped verification or reset
 * message was never given a link).
 */
export async function recordSuppressed(
  tx: Queryable,
  kind: MailKind,
  to: string,
  subject: string,
  reason: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO mail_outbox (id, kind, to_address, subject, text_body, html_body, suppressed_at, suppressed_reason)
     VALUES ($1, $2, $3, $4, '', '', now(), $5)`,
    [newId(), kind, to, subject, reason],
  );
}

/** Stores a message already admitted; answers the row's id. */
export async function store(tx: Queryable, kind: MailKind, to: string, message: Rendered): Promise<string> {
  const id = newId();
  await tx.query(
    `INSERT INTO mail_outbox (id, kind, to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, kind, to, message.subject, message.text, message.html],
  );
  return id;
}

/**
 * Stores the message for delivery; a kind turned off in MAIL_DISABLED is not stored, a capped one is stored as
 * suppressed. Answers the row's id when it will be sent, null otherwise.
 */
export async function enqueue(
  tx: Queryable,
  config: MailConfig,
  kind: MailKind,
  to: string,
  message: Rendered,
): Promise<string | null> {
  if (config.disabled.has(kind) || !to) return null;
  const admission = await admit(tx, kind, to);
  if (admission.suppressed !== null) {
    await recordSuppressed(tx, kind, admission.to, message.subject, admission.suppressed);
    return null;
  }
  return store(tx, kind, admission.to, message);
}

/** Where staff notices go: MAIL_STAFF_TO, else every staff account whose address is verified. */
export async function staffAddresses(tx: Queryable, config: MailConfig): Promise<string[]> {
  if (config.staffTo.length) return config.staffTo;
  const found = await tx.query<{ email: string }>(
    `SELECT email FROM users WHERE role = 'staff' AND email_verified_at IS NOT NULL ORDER BY email`,
  );
  return found.rows.map((row) => row.email);
}
