import type { Order, OrderItem } from '@metrology/shared';

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
