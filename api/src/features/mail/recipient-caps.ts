// Per-recipient caps on everything the outbox sends: a stranger who types someone's address into a form
// (sign-up, contact, enquiry, application, "Forgot password?") can make the shop write to that mailbox only a few
// times an hour, whatever address or network they send from. Counted in mail_outbox itself (messages to the address
// written in the last hour and not suppressed), under a per-address lock, so concurrent requests and several API
// processes on one PostgreSQL see the same count. A capped message is stored as suppressed, never sent, and the
// request that caused it still succeeds.
import type { Queryable } from '../../db/database.js';
import type { MailKind } from './mail-config.js';

/** Messages an hour to one address (docs/operations.md "Mail"). */
export const RECIPIENT_CAPS = {
  /** Acknowledgements of a contact message, enquiry or application, to any address. */
  acknowledgements: 3,
  /** Every kind together, to an address no verified account owns. */
  unproven: 3,
  /** Every kind together, to an address a verified account owns: a backstop for a busy buyer's own mail. */
  proven: 30,
} as const;

export const ACKNOWLEDGEMENT_KINDS: readonly MailKind[] = ['enquiry-ack', 'contact-ack', 'application-ack'];
/** Notices to the shop's own staff (MAIL_STAFF_TO or verified staff accounts): the operator chose those addresses. */
export const STAFF_KINDS: readonly MailKind[] = ['enquiry-staff', 'contact-staff', 'application-staff'];

/** The advisory-lock class of "one recipient's caps" (the second key is a hash of the address). */
const LOCK_CLASS = 715032;

/**
 * Whether a message of this kind may go to the address now: null when it may, else why not (stored as the
 * suppressed row's reason). Takes a per-address lock held to the end of the caller's transaction, so the answer
 * still holds when the message is written in it.
 */
export async function capReason(tx: Queryable, kind: MailKind, to: string): Promise<string | null> {
  if (STAFF_KINDS.includes(kind)) return null;
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS, to]);
  const found = await tx.query<{
    proven: boolean;
    acknowledgements: number | string;
    total: number | string;
  }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE email = $1 AND email_verified_at IS NOT NULL) AS proven,
       count(*) FILTER (WHERE kind = ANY($2::text[])) AS acknowledgements,
       count(*) AS total
     FROM mail_outbox
     WHERE to_address = $1 AND created_at > now() - interval '1 hour' AND suppressed_at IS NULL
       AND kind <> ALL($3::text[])`,
    [to, ACKNOWLEDGEMENT_KINDS, STAFF_KINDS],
  );
  const row = found.rows[0];
  const proven = Boolean(row?.proven);
  const total = Number(row?.total ?? 0);
  if (
    ACKNOWLEDGEMENT_KINDS.includes(kind) &&
    Number(row?.acknowledgements ?? 0) >= RECIPIENT_CAPS.acknowledgements
  )
    return `${RECIPIENT_CAPS.acknowledgements} acknowledgements an hour to one address`;
  if (!proven && total >= RECIPIENT_CAPS.unproven)
    return `${RECIPIENT_CAPS.unproven} messages an hour to an address no verified account owns`;
  if (proven && total >= RECIPIENT_CAPS.proven)
    return `${RECIPIENT_CAPS.proven} messages an hour to one address`;
  return null;
}
