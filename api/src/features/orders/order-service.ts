// Orders: priced from the database, never from the request body (DESIGN.md "Backend").
import type { Address, Order, OrderItem } from '@metrology/shared';
import type { PlaceOrderBody } from '@metrology/shared/contracts';
import type { Queryable } from '../../db/database.js';
import { productsByIds } from '../products/product-repository.js';
import { orderedIds, priceFromCatalogue, type PricedOrder } from './order-pricing.js';

export { ORDER_MESSAGES, sameItems, type PricedOrder } from './order-pricing.js';

export const ORDER_STATUS = { processing: 'processing', awaitingPayment: 'awaiting payment' } as const;

/** Takes only product ids and quantities from the body; names, images and prices come from the catalogue. */
export async function priceOrder(
  db: Queryable,
  body: PlaceOrderBody,
  deliveryFee: number,
): Promise<PricedOrder> {
  const ids = orderedIds(body);
  const products = ids.length > 0 ? await productsByIds(db, ids) : new Map<string, never>();
  return priceFromCatalogue(body, products, deliveryFee);
}

export interface OrderRow {
  id: string;
  user_id: string;
  items: OrderItem[];
  address: Address;
  amount: number;
  status: string;
  payment_method: string;
  payment: boolean;
  payment_ref: string | null;
  created_at: Date | string;
  order_number: number;
  delivery_fee: number;
}

export const ORDER_COLUMNS =
  'id, user_id, items, address, amount, status, payment_method, payment, payment_ref, created_at, ' +
  // bigint arrives as text from pg; the numbers stay far below 2^31.
  'order_number::integer AS order_number, delivery_fee';

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    status: row.status,
    payment: row.payment,
    paymentMethod: row.payment_method,
    date: new Date(row.created_at).getTime(),
    items: row.items,
    address: row.address,
    amount: row.amount,
    number: row.order_number,
    deliveryFee: row.delivery_fee,
  };
}

/** One line of an order's history (migration 0003): the shopper's timeline, the staff's record. */
export async function addOrderEvent(
  db: Queryable,
  orderId: string,
  status: string,
  note = '',
  actorUserId: string | null = null,
): Promise<void> {
  await db.query('INSERT INTO order_events (order_id, status, note, actor_user_id) VALUES ($1, $2, $3, $4)', [
    orderId,
    status,
    note,
    actorUserId,
  ]);
}

export async function insertOrder(
  db: Queryable,
  fields: {
    id: string;
    userId: string;
    order: PricedOrder;
    method: string;
    status: string;
    paymentRef?: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO orders (id, user_id, items, address, amount, delivery_fee, status, payment_method, payment, payment_ref)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7, $8, false, $9)`,
    [
      fields.id,
      fields.userId,
      JSON.stringify(fields.order.items),
      JSON.stringify(fields.order.address),
      fields.order.amount,
      fields.order.deliveryFee,
      fields.status,
      fields.method,
      fields.paymentRef ?? null,
    ],
  );
}

export async function findOrder(
  db: Queryable,
  where: { id?: string; paymentRef?: string },
  method: string,
): Promise<OrderRow | undefined> {
  const [column, value] = where.id !== undefined ? ['id', where.id] : ['payment_ref', where.paymentRef];
  const found = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${column} = $1 AND payment_method = $2`,
    [value, method],
  );
  return found.rows[0];
}

/** The visible orders: cash on delivery, and card/UPI orders once paid (an abandoned checkout is not an order). */
export async function userOrders(db: Queryable, userId: string): Promise<Order[]> {
  const found = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND (payment_method = 'cod' OR payment)
     ORDER BY created_at DESC, id`,
    [userId],
  );
  return found.rows.map(toOrder);
}

/** Inserts the order and its first event; call it inside a transaction so both or neither are stored. */
export async function insertOrderWithEvent(
  tx: Queryable,
  fields: Parameters<typeof insertOrder>[1],
): Promise<void> {
  await insertOrder(tx, fields);
  await addOrderEvent(tx, fields.id, fields.status, ORDER_NOTES.placed);
}

export const ORDER_NOTES = {
  placed: 'Order placed',
  paid: 'Payment verified',
  paidAfterCancel: 'Payment verified after the order was cancelled: refund due',
} as const;
