// The single-use links of e-mail verification and password reset (table account_tokens, migration 0008).
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

export type TokenPurpose = 'verify-email' | 'reset-password';

/** How long a link works: a reset link half an hour, a verification link two days. */
export const TOKEN_LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  'reset-password': 30 * 60,
  'verify-email': 48 * 60 * 60,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link token for the user's address; earlier unused links of the same purpose stop working. */
export async function issueAccountToken(
  tx: Queryable,
  userId: string,
  email: string,
  purpose: TokenPurpose,
  lifetimeSeconds = TOKEN_LIFETIME_SECONDS[purpose],
): Promise<string> {
  await tx.query(
    'UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
    [userId, purpose],
  );
  const token = randomBytes(32).toString('base64url');
  await tx.query(
    `INSERT INTO account_tokens (token_hash, user_id, purpose, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [hashOf(token), userId, purpose, email, lifetimeSeconds],
  );
  return token;
}

/**
 * Uses the token once: answers its user when it is of this purpose, unused, unexpired and still names the
 * account's current address; null otherwise (and the token is spent either way when it existed).
 */
export async function consumeAccountToken(
  tx: Queryable,
  token: string,
  purpose: TokenPurpose,
): Promise<{ userId: string; email: string } | null> {
  const used = await tx.query<{ user_id: string; email: string; live: boolean }>(
    `UPDATE account_tokens SET used_at = now()
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL
     RETURNING user_id, email, expires_at > now() AS live`,
    [hashOf(token), purpose],
  );
  const row = used.rows[0];
  if (!row?.live) return null;
  const user = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [row.user_id]);
  if (user.rows[0]?.email !== row.email) return null;
  return { userId: row.user_id, email: row.email };
}
