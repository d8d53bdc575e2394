import type { Order, OrderDetail, OrderEvent, OrderItem } from '@metrology/shared';

/** SPEC's "long date with time", e.g. "March 5, 2025 at 3:04 PM", in the shopper's time zone. */
export function formatOrderDate(date: number | string, timeZone?: string): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(value);
}

const METHOD_NAMES: Record<string, string> = {
  cod: 'Cash on Delivery',
  razorpay: 'Razorpay',
  stripe: 'Stripe',
};

export function paymentMethodName(method: string): string {
  return METHOD_NAMES[method.toLowerCase()] ?? method;
}

/** One card per ordered item (SPEC: a flat list). */
export interface OrderedItem {
  key: string;
  item: OrderItem;
  order: Order;
}

/** Every item of every order, newest order first; items keep their order within an order. */
export function orderedItems(orders: readonly Order[]): OrderedItem[] {
  return [...orders]
    .sort((a, b) => Number(b.date) - Number(a.date))
    .flatMap((order) =>
      order.items.map((item, index) => ({ key: `${order._id}:${item._id}:${index}`, item, order })),
    );
}

/** The readable order number, e.g. "#100042" (older answers without a number show the id's tail). */
export function orderNumber(order: Pick<Order, '_id' | 'number'>): string {
  return order.number ? `#${order.number}` : `#${order._id.slice(-8).toUpperCase()}`;
}

/** Items, delivery fee and total of an order; the total is the API's amount. */
export function orderTotals(order: Pick<Order, 'items' | 'amount' | 'deliveryFee'>): {
  items: number;
  deliveryFee: number;
  total: number;
} {
  const items = Math.round(order.items.reduce((sum, i) => sum + i.price * i.quantity, 0) * 100) / 100;
  const deliveryFee = order.deliveryFee ?? Math.round((order.amount - items) * 100) / 100;
  return { items, deliveryFee, total: order.amount };
}

/** Whether and how the order is paid, in the shopper's words. */
export function paymentState(order: Pick<Order, 'payment' | 'paymentMethod' | 'status'>): string {
  if (order.payment) return 'Paid';
  if (order.status.trim().toLowerCase() === 'cancelled') return 'Not paid';
  return order.paymentMethod.toLowerCase() === 'cod' ? 'To be paid on delivery' : 'Awaiting payment';
}

/** The status timeline, oldest first; an order stored before the history began shows its current status. */
export function orderTimeline(order: Pick<OrderDetail, 'events' | 'status' | 'date'>): OrderEvent[] {
  const events = [...(order.events ?? [])].sort((a, b) => a.date - b.date);
  return events.length > 0 ? events : [{ status: order.status, note: '', date: order.date }];
}

/** "processing" -> "Processing"; blank -> "Unknown". */
export function statusName(status: string): string {
  const text = status.trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Unknown';
}
