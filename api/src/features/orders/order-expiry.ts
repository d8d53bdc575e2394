// Orders awaiting payment expire: each API sweeps on a timer; one statement cancels and records them.
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { ORDER_STATUS } from './order-service.js';

export const EXPIRED_NOTE = 'Payment not received in time: the order expired';

/** Longest pause between two sweeps; a short expiry sweeps as often as it expires. */
const MAX_SWEEP_INTERVAL_MS = 60_000;

/**
 * Cancels every unpaid order placed more than `afterMs` ago and adds its history event, in one statement: two API
 * instances sweeping at once cannot both cancel an order (the second UPDATE waits on the row lock, then finds it
 * cancelled), so each expired order gets exactly one event. Answers the ids it expired.
 */
export async function expireUnpaidOrders(db: Queryable, afterMs: number): Promise<string[]> {
  const expired = await db.query<{ id: string }>(
    `WITH expired AS (
       UPDATE orders SET status = 'cancelled', expired_at = now()
       WHERE status = $1 AND NOT payment AND created_at < now() - make_interval(secs => $2::double precision)
       RETURNING id
     ), events AS (
       INSERT INTO order_events (order_id, status, note) SELECT id, 'cancelled', $3 FROM expired RETURNING order_id
     )
     SELECT order_id AS id FROM events ORDER BY order_id`,
    [ORDER_STATUS.awaitingPayment, afterMs / 1000, EXPIRED_NOTE],
  );
  return expired.rows.map((row) => row.id);
}

/** The periodic sweep of one API process; stopped (and awaited) when the app closes. */
export async function orderExpiry(app: FastifyInstance): Promise<void> {
  const afterMs = app.shop.config.orderPaymentExpiryMs;
  if (afterMs <= 0) return;
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = expireUnpaidOrders(app.shop.db, afterMs)
      .then((ids) => {
        if (ids.length > 0) app.log.info({ orders: ids }, `${ids.length} unpaid order(s) expired`);
      })
      // A sweep that fails (database away) is tried again on the next tick; nothing is half done.
      .catch((error: unknown) => app.log.warn({ err: error }, 'the unpaid-order sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, Math.min(MAX_SWEEP_INTERVAL_MS, afterMs));
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
