import type { CartItems, Product, ServerCartEntry } from '../types/entities.js';

/** A quantity the cart accepts: a whole number above 0. */
export function isValidQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** The server may send an entry as a number or as { size: quantity }: both become a number (SPEC section 3). */
export function normaliseCartEntry(entry: ServerCartEntry | null | undefined): number {
  if (typeof entry === 'number') return Number.isFinite(entry) ? entry : 0;
  if (entry && typeof entry === 'object') {
    const first = Object.values(entry)[0];
    return typeof first === 'number' && Number.isFinite(first) ? first : 0;
  }
  return 0;
}

/** Server cartData to the client's map, keeping positive quantities only. */
export function normaliseCartData(cartData: Record<string, ServerCartEntry> | null | undefined): CartItems {
  const items: CartItems = {};
  for (const [id, entry] of Object.entries(cartData ?? {})) {
    const quantity = normaliseCartEntry(entry);
    if (quantity > 0) items[id] = quantity;
  }
  return items;
}

/** Adding increases the quantity by the amount (default 1) or sets it when absent. */
export function addToCartItems(items: CartItems, itemId: string, quantity = 1): CartItems {
  if (!isValidQuantity(quantity)) return items;
  return { ...items, [itemId]: (items[itemId] ?? 0) + quantity };
}

/** Updating sets an exact value; 0 removes the item. Negative or non-whole values are ignored. */
export function setCartQuantity(items: CartItems, itemId: string, quantity: number): CartItems {
  if (quantity === 0) {
    if (!(itemId in items)) return items;
    const { [itemId]: _removed, ...rest } = items;
    return rest;
  }
  if (!isValidQuantity(quantity)) return items;
  return { ...items, [itemId]: quantity };
}

/** Cart count: the sum of positive quantities. */
export function cartCount(items: CartItems): number {
  return Object.values(items).reduce((sum, q) => (q > 0 ? sum + q : sum), 0);
}

/** Cart amount: price times quantity for items that exist in the product list. */
export function cartAmount(items: CartItems, products: ReadonlyMap<string, Pick<Product, 'price'>>): number {
  let total = 0;
  for (const [id, quantity] of Object.entries(items)) {
    const product = products.get(id);
    if (product && quantity > 0) total += product.price * quantity;
  }
  return Math.round(total * 100) / 100;
}

/** The order amount: subtotal plus the delivery fee. */
export function orderAmount(subtotal: number, deliveryFee: number): number {
  return Math.round((subtotal + deliveryFee) * 100) / 100;
}

/** Items a guest chose, merged into the server's: quantities add up, nothing is lost. */
export function mergeCarts(server: CartItems, guest: CartItems): CartItems {
  let merged = { ...server };
  for (const [id, quantity] of Object.entries(guest)) merged = addToCartItems(merged, id, quantity);
  return merged;
}

/** A typed quantity (cart row, product page): a number above 0, else null (the input is ignored). */
export function parseTypedQuantity(raw: string): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  return isValidQuantity(value) ? value : null;
}
