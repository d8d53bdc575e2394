// Server-side sessions (migration 0005): a token is only as good as the session row it names.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

/** last_seen_at is written at most this often per session (not on every request). */
const TOUCH_EVERY_SECONDS = 60;

export interface SessionLifetimes {
  idleSeconds: number;
  absoluteSeconds: number;
}

export async function createSession(
  db: Queryable,
  userId: string,
  lifetimes: SessionLifetimes,
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.query(
    `INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [id, userId, lifetimes.absoluteSeconds],
  );
  return id;
}

/** The session's user when it is live (not revoked, not past its idle or absolute lifetime); null otherwise. */
export async function liveSessionUser(
  db: Queryable,
  sessionId: string,
  userId: string,
  lifetimes: SessionLifetimes,
): Promise<string | null> {
  const found = await db.query<{ user_id: string; stale: boolean }>(
    `SELECT user_id, last_seen_at < now() - make_interval(secs => $3) AS stale FROM sessions
     WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
       AND last_seen_at > now() - make_interval(secs => $4)`,
    [sessionId, userId, TOUCH_EVERY_SECONDS, lifetimes.idleSeconds],
  );
  const row = found.rows[0];
  if (!row) return null;
  if (row.stale) await db.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [sessionId]);
  return row.user_id;
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export async function revokeUserSessions(db: Queryable, userId: string): Promise<number> {
  const done = await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  return done.rowCount;
}
