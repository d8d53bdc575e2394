// Order flooding: limits per account and per address on placing orders (cash on delivery, Razorpay,
// Stripe). The counters are rows of the rate_limits table on either engine, so they hold across every API instance.
// An order is counted in the transaction that stores it: a refused or failed placement rolls its count back, so the
// counters are the orders stored in the window, and an Idempotency-Key replay (which stores nothing) is not counted.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database.js';
import { clientKey } from '../lib/client-address.js';
import { HttpError } from '../lib/errors.js';
import { HIT } from './rate-limit-store.js';

export const orderLimitMessage = (seconds: number) =>
  `You have placed too many orders in a short time. Please try again in ${seconds} seconds, or contact us for a bulk order.`;

const READ = `SELECT key, hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM window_ends - clock_timestamp()) * 1000))::bigint AS ttl
  FROM rate_limits WHERE key IN ($1, $2) AND window_ends > clock_timestamp()`;

interface Counter {
  key: string;
  max: number;
}

function countersOf(app: FastifyInstance, userId: string, address: string): Counter[] {
  const limits = app.shop.config.rateLimit;
  if (!limits) return [];
  return [
    { key: `order account ${userId}`, max: limits.calls.orderAccount },
    {
      // An IPv6 client counts per /64 (lib/client-address.ts).
      key: `order address ${createHash('sha256').update(clientKey(address)).digest('hex')}`,
      max: limits.calls.orderAddress,
    },
  ];
}

const refuse = (ttlMs: number): never => {
  throw new HttpError(429, orderLimitMessage(Math.max(1, Math.ceil(ttlMs / 1000))));
};

/** Refuses (429) an account or address already at its limit, before any work (a payment provider's call). */
export async function assertOrderAllowed(
  app: FastifyInstance,
  userId: string,
  address: string,
): Promise<void> {
  const counters = countersOf(app, userId, address);
  if (counters.length === 0) return;
  const { rows } = await app.shop.db.query<{ key: string; hits: number | string; ttl: number | string }>(
    READ,
    counters.map((c) => c.key),
  );
  for (const counter of counters) {
    const row = rows.find((r) => r.key === counter.key);
    if (row && Number(row.hits) >= counter.max) refuse(Number(row.ttl));
  }
}

/** Counts the order being stored, inside its transaction; past a limit the 429 rolls the whole placement back. */
export async function countOrder(
  app: FastifyInstance,
  tx: Queryable,
  userId: string,
  address: string,
): Promise<void> {
  const limits = app.shop.config.rateLimit;
  for (const counter of countersOf(app, userId, address)) {
    const row = (
      await tx.query<{ hits: number | string; ttl: number | string }>(HIT, [
        counter.key,
        limits ? limits.windowMs : 0,
      ])
    ).rows[0];
    if (row && Number(row.hits) > counter.max) refuse(Number(row.ttl));
  }
}
