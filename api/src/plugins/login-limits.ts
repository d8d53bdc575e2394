// Login limits that count failures only, so no one can lock an owner out. Counters are rows of the
// rate_limits table on either engine (shared by every API process on PostgreSQL, kept across restarts; keys are
// hashes, so the table holds no addresses or e-mails):
// - per address: its failed logins in the window; past the limit the address is refused until the window ends,
//   which is what stops brute force from one place. An attempt is counted as it starts (so a burst in parallel is
//   bounded too) and handed back when the password was right.
// - per (e-mail, address): after a few failures each further one doubles the wait before that address may try that
//   e-mail again (backoff, capped at the window), instead of a lockout.
// - per e-mail: many failures from many addresses hold back the addresses that are failing on it; an address that
//   has not failed on it is never refused, so the owner's correct password always gets through.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Queryable } from '../db/database.js';
import { clientKey } from '../lib/client-address.js';
import { HttpError } from '../lib/errors.js';
import { HIT } from './rate-limit-store.js';

/** Failures of one address on one e-mail before the backoff starts. */
export const FREE_FAILURES = 3;

export const LOGIN_LIMIT_MESSAGES = {
  address: (seconds: number) =>
    `Too many failed logins from your network. Please try again in ${seconds} seconds.`,
  backoff: (seconds: number) =>
    `Too many failed attempts. Please wait ${seconds} seconds before trying again.`,
  email: (seconds: number) =>
    `Too many failed attempts for this e-mail. Please try again in ${seconds} seconds.`,
} as const;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

const READ = `SELECT key, hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM window_ends - clock_timestamp()) * 1000))::bigint AS ttl
  FROM rate_limits WHERE key IN ($1, $2, $3) AND window_ends > clock_timestamp()`;

const WAIT = `INSERT INTO rate_limits (key, hits, window_ends)
  VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
  ON CONFLICT (key) DO UPDATE SET hits = 1, window_ends = EXCLUDED.window_ends`;

const HAND_BACK = 'UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1';

export interface LoginAttempt {
  /** The password was wrong: counts the failure and starts or lengthens the backoff. */
  failed(): Promise<void>;
  /** The password was right: the attempt is not a failure, and this address's backoff on the e-mail ends. */
  succeeded(): Promise<void>;
}

const NO_LIMITS: LoginAttempt = { failed: async () => {}, succeeded: async () => {} };

/** The backoff after an address's nth failure on an e-mail: none at first, then 1 s, 2 s, 4 s, … up to the window. */
export function backoffMs(failures: number, windowMs: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(windowMs, 1000 * 2 ** (failures - FREE_FAILURES));
}

/** Starts a login attempt, or refuses it (429 with Retry-After) before the password is checked. */
export async function startLoginAttempt(
  app: FastifyInstance,
  reply: FastifyReply,
  email: string,
  ip: string,
): Promise<LoginAttempt> {
  // An IPv6 client counts per /64 (lib/client-address.ts).
  const address = clientKey(ip);
  const limits = app.shop.config.rateLimit;
  if (!limits) return NO_LIMITS;
  const db: Queryable = app.shop.db;
  const max = limits.calls.login;
  const keys = {
    address: `login address ${hash(address)}`,
    email: `login email ${hash(email)}`,
    pair: `login pair ${hash(`${email}\n${address}`)}`,
    wait: `login wait ${hash(`${email}\n${address}`)}`,
  };
  const refuse = (ttlMs: number, message: (seconds: number) => string): never => {
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    reply.header('retry-after', String(seconds));
    throw new HttpError(429, message(seconds));
  };

  const counted = (
    await db.query<{ hits: number | string; ttl: number | string }>(HIT, [keys.address, limits.windowMs])
  ).rows[0];
  if (counted && Number(counted.hits) > max) refuse(Number(counted.ttl), LOGIN_LIMIT_MESSAGES.address);
  const found = await db.query<{ key: string; hits: number | string; ttl: number | string }>(READ, [
    keys.email,
    keys.pair,
    keys.wait,
  ]);
  const row = (key: string) => found.rows.find((r) => r.key === key);
  const wait = row(keys.wait);
  const emailFailures = Number(row(keys.email)?.hits ?? 0);
  const ownFailures = Number(row(keys.pair)?.hits ?? 0);
  const held = wait
    ? { ttl: Number(wait.ttl), message: LOGIN_LIMIT_MESSAGES.backoff }
    : emailFailures >= max && ownFailures > 0
      ? { ttl: Number(row(keys.email)?.ttl ?? 0), message: LOGIN_LIMIT_MESSAGES.email }
      : undefined;
  if (held) {
    // Held back before any password was tried: not a failure of this address.
    await db.query(HAND_BACK, [keys.address]);
    refuse(held.ttl, held.message);
  }

  return {
    async failed() {
      await db.query(HIT, [keys.email, limits.windowMs]);
      const pair = (await db.query<{ hits: number | string }>(HIT, [keys.pair, limits.windowMs])).rows[0];
      const backoff = backoffMs(Number(pair?.hits ?? 0), limits.windowMs);
      if (backoff > 0) await db.query(WAIT, [keys.wait, backoff]);
    },
    async succeeded() {
      await db.query(HAND_BACK, [keys.address]);
      await db.query('DELETE FROM rate_limits WHERE key IN ($1, $2)', [keys.pair, keys.wait]);
    },
  };
}
