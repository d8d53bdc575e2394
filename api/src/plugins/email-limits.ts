// Per-e-mail limits on login and register, beside the per-address ones: guessing one account's password, or
// probing whether e-mails have accounts, from many addresses is as slow as from one.
import type { FastifyInstance } from 'fastify';
import type { RateLimitedCall } from '../config.js';
import { HttpError } from '../lib/errors.js';

const windows = new WeakMap<FastifyInstance, Map<string, number[]>>();

/** Counts one attempt for (call, e-mail); refuses with 429 past the call's limit within the window. */
export function limitPerEmail(app: FastifyInstance, call: RateLimitedCall, email: string): void {
  const limits = app.shop.config.rateLimit;
  if (!limits || !email) return;
  let seen = windows.get(app);
  if (!seen) {
    seen = new Map();
    windows.set(app, seen);
  }
  const now = Date.now();
  const key = `${call}:${email}`;
  const recent = (seen.get(key) ?? []).filter((at) => at > now - limits.windowMs);
  if (recent.length >= limits.calls[call]) {
    const wait = Math.ceil(((recent[0] ?? now) + limits.windowMs - now) / 1000);
    seen.set(key, recent);
    throw new HttpError(429, `Too many attempts for this e-mail. Please try again in ${wait} seconds.`);
  }
  recent.push(now);
  seen.set(key, recent);
  // Forget old keys now and then so the map stays small.
  if (seen.size > 10_000) {
    for (const [k, times] of seen) if (!times.some((at) => at > now - limits.windowMs)) seen.delete(k);
  }
}
