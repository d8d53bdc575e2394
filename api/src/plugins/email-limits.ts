// Per-e-mail limits on login and register, beside the per-address ones: guessing one account's password, or
// probing whether e-mails have accounts, from many addresses is as slow as from one. The counters are rows of the
// rate_limits table (migration 0006) on either engine, so on PostgreSQL every API process behind the balancer
// counts the same attempts, and a restart does not reset them. The key is a hash: the table holds no addresses.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RateLimitedCall } from '../config.js';
import { HttpError } from '../lib/errors.js';
import { HIT } from './rate-limit-store.js';

/** Expired counters are deleted now and then (one attempt in this many). */
const SWEEP_EVERY = 200;
let attempts = 0;

/** The rate_limits key of (call, e-mail). */
export function emailLimitKey(call: RateLimitedCall, email: string): string {
  return `email ${call} ${createHash('sha256').update(email).digest('hex')}`;
}

/** Counts one attempt for (call, e-mail); refuses with 429 past the call's limit within the window. */
export async function limitPerEmail(
  app: FastifyInstance,
  call: RateLimitedCall,
  email: string,
): Promise<void> {
  const limits = app.shop.config.rateLimit;
  if (!limits || !email) return;
  const { db } = app.shop;
  attempts += 1;
  if (attempts % SWEEP_EVERY === 0) {
    void db.query(`DELETE FROM rate_limits WHERE window_ends < now() - interval '1 minute'`).catch(() => {});
  }
  const { rows } = await db.query<{ hits: number | string; ttl: number | string }>(HIT, [
    emailLimitKey(call, email),
    limits.windowMs,
  ]);
  const row = rows[0];
  if (row && Number(row.hits) > limits.calls[call]) {
    const wait = Math.max(1, Math.ceil(Number(row.ttl) / 1000));
    throw new HttpError(429, `Too many attempts for this e-mail. Please try again in ${wait} seconds.`);
  }
}
