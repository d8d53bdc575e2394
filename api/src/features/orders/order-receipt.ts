// One order as its owner's receipt page shows it: the order and its status timeline (migration 0003).
import type { OrderDetail, OrderEvent } from '@metrology/shared';
import type { Queryable } from '../../db/database.js';
import { ORDER_COLUMNS, toOrder, type OrderRow } from './order-service.js';

/**
 * The order if it belongs to this user and is a real order (cash on delivery, or paid online);
 * undefined otherwise, so another user's order and a missing one look the same.
 */
export async function orderDetail(
  db: Queryable,
  userId: string,
  orderId: string,
): Promise<OrderDetail | undefined> {
  const found = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders
     WHERE id = $1 AND user_id = $2 AND (payment_method = 'cod' OR payment)`,
    [orderId, userId],
  );
  const row = found.rows[0];
  if (!row) return undefined;
  const events = await db.query<{ status: string; note: string; created_at: Date | string }>(
    'SELECT status, note, created_at FROM order_events WHERE order_id = $1 ORDER BY created_at, id',
    [orderId],
  );
  const timeline: OrderEvent[] = events.rows.map((event) => ({
    status: event.status,
    note: event.note,
    date: new Date(event.created_at).getTime(),
  }));
  return { ...toOrder(row), events: timeline };
}
