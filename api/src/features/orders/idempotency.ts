// Idempotency-Key on order placement: the same key from the same user answers the order already placed, so a
// retried POST (nginx retrying on another instance after one died, a client retrying after a timeout) can never
// place a second order. Keys are per user; a placement holds the user's row lock, so the check cannot race
// (and a unique index backs it: migration 0006).
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { HttpError } from '../../lib/errors.js';

const KEY = /^[A-Za-z0-9._:-]{8,128}$/;

export const IDEMPOTENCY_MESSAGE =
  'The Idempotency-Key header must be 8 to 128 letters, digits or ._:- characters.';

/** The request's Idempotency-Key, undefined when absent; a malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !KEY.test(value)) throw new HttpError(400, IDEMPOTENCY_MESSAGE);
  return value;
}

/** The order this user already placed with this key, if any. */
export async function orderPlacedWithKey(
  db: Queryable,
  userId: string,
  key: string,
): Promise<{ id: string; amount: number } | undefined> {
  const found = await db.query<{ id: string; amount: number }>(
    'SELECT id, amount FROM orders WHERE user_id = $1 AND idempotency_key = $2',
    [userId, key],
  );
  return found.rows[0];
}

export async function recordIdempotencyKey(db: Queryable, orderId: string, key: string): Promise<void> {
  await db.query('UPDATE orders SET idempotency_key = $2 WHERE id = $1', [orderId, key]);
}
