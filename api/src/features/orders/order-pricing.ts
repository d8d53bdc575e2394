// An order priced from the catalogue, never from the request body (DESIGN.md "Backend"). No database or server code
// here: the API prices with it after loading the products, and the test kit's fake API prices with it too.
import type { OrderItem, Product } from '@metrology/shared';
import { MAX_LINE_QUANTITY, type Address, type PlaceOrderBody } from '@metrology/shared/contracts';
import { addressProblem, cartAmount, orderAmount } from '@metrology/shared/rules';
import { HttpError } from '../../lib/errors.js';
import { cleanAddress } from '../addresses/clean-address.js';

export const ORDER_MESSAGES = {
  emptyCart: 'Your cart is empty. Please add items before checkout.',
  noAddress: 'Please select an address or add a new one',
  unavailable: 'Some items in your cart are no longer available. Please review your cart.',
  placed: 'Order placed successfully!',
  duplicate: 'This order has already been placed. Please check My Orders.',
  paid: 'Payment successful! Your order has been placed.',
  verificationFailed: 'Payment verification failed. No money was taken for this order.',
  notCompleted: 'The payment was not completed. Your order has been cancelled.',
  tooMany: `You can order at most ${MAX_LINE_QUANTITY} of one item`,
} as const;

export const enquiryOnly = (name: string) =>
  `"${name}" is available on enquiry only and cannot be ordered online. Please send an enquiry instead.`;

export interface PricedOrder {
  address: Address;
  items: OrderItem[];
  subtotal: number;
  deliveryFee: number;
  amount: number;
}

/** A repeated identical cash-on-delivery order within this window is refused as a double submission. */
export const DUPLICATE_WINDOW_SECONDS = 30;

/** Same items and quantities: what a double click or a resent request looks like. */
export function sameItems(a: readonly OrderItem[], b: readonly OrderItem[]): boolean {
  const key = (items: readonly OrderItem[]) =>
    items
      .map((item) => `${item._id}:${item.quantity}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}

/** The product ids the body orders (a quantity above 0), each once. */
export function orderedIds(body: PlaceOrderBody): string[] {
  return [...new Set((body.items ?? []).filter((item) => item.quantity > 0).map((item) => item._id))];
}

/** Takes only product ids and quantities from the body; names, images and prices come from the products given. */
export function priceFromCatalogue(
  body: PlaceOrderBody,
  products: ReadonlyMap<string, Product>,
  deliveryFee: number,
): PricedOrder {
  const quantities = new Map<string, number>();
  for (const item of body.items ?? []) {
    if (item.quantity <= 0) continue;
    quantities.set(item._id, (quantities.get(item._id) ?? 0) + item.quantity);
  }
  if (quantities.size === 0) throw new HttpError(400, ORDER_MESSAGES.emptyCart);
  if (!body.address) throw new HttpError(400, ORDER_MESSAGES.noAddress);
  const address = cleanAddress(body.address);
  const problem = addressProblem(address);
  if (problem) throw new HttpError(400, problem);
  const items: OrderItem[] = [];
  for (const [id, quantity] of quantities) {
    const product = products.get(id);
    if (!product) throw new HttpError(400, ORDER_MESSAGES.unavailable, { productId: id });
    if (!(product.price > 0)) throw new HttpError(400, enquiryOnly(product.name), { productId: id });
    if (quantity > MAX_LINE_QUANTITY) throw new HttpError(400, ORDER_MESSAGES.tooMany, { productId: id });
    items.push({
      _id: product._id,
      name: product.name,
      image: product.image,
      price: product.price,
      quantity,
      model: product.model,
      slug: product.slug,
    });
  }
  const subtotal = cartAmount(Object.fromEntries(quantities), products);
  return { address, items, subtotal, deliveryFee, amount: orderAmount(subtotal, deliveryFee) };
}
