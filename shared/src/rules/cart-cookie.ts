import type { CartItems } from '../types/entities.js';

/**
 * The cart's copy in a small first-party cookie, which the site server reads only to render the badge and /cart.
 * The local cart (and the server cart, signed in) stays the authority; the cookie authorises nothing.
 */
export const CART_COOKIE = 'shop_cart';
/** Lines kept in the cookie: a cookie holds about 4 KB, and a line is at most 29 characters. */
export const CART_COOKIE_MAX_LINES = 100;
/** A month: a returning visitor's first page already shows their cart. */
export const CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

const PRODUCT_ID = /^[0-9a-f]{24}$/;
const LINE = /^([0-9a-f]{24}):([1-9][0-9]{0,3})$/;

/** `id:quantity` lines joined by dots (characters a cookie value may hold unquoted); invalid lines are left out. */
export function formatCartCookie(items: CartItems): string {
  return Object.entries(items)
    .filter(([id, quantity]) => PRODUCT_ID.test(id) && Number.isInteger(quantity) && quantity > 0)
    .slice(0, CART_COOKIE_MAX_LINES)
    .map(([id, quantity]) => `${id}:${Math.min(quantity, 9999)}`)
    .join('.');
}

/** The cart a cookie value describes; anything malformed is dropped, never trusted. */
export function parseCartCookie(value: string | null | undefined): CartItems {
  const items: CartItems = {};
  if (!value || value.length > 4096) return items;
  for (const line of value.split('.').slice(0, CART_COOKIE_MAX_LINES)) {
    const match = LINE.exec(line);
    if (match?.[1] && match[2]) items[match[1]] = Number(match[2]);
  }
  return items;
}

/** The Set-Cookie string the browser writes for a cart (an empty cart deletes the cookie). */
export function cartCookieString(items: CartItems, secure: boolean): string {
  return cookieString(CART_COOKIE, formatCartCookie(items), secure);
}

/** A first-party cart cookie kept a month; an empty value deletes it. */
function cookieString(name: string, value: string, secure: boolean): string {
  const attributes = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return value
    ? `${name}=${value}; Max-Age=${CART_COOKIE_MAX_AGE_S}${attributes}`
    : `${name}=; Max-Age=0${attributes}`;
}

/**
 * The cart changes the site server made from a form sent before the page's script ran (or with JavaScript off),
 * for the browser to apply once to the cart it keeps (a signed-in shopper's lives on the API): `a:id:n` adds n,
 * `s:id:n` sets n (0 removes). The cart cookie already shows their result.
 */
export const CART_OPS_COOKIE = 'shop_cart_ops';
/** Changes kept at most: a shopper without script for a long while still has the cart cookie's copy. */
export const CART_OPS_MAX = 20;

export type CartOp = { kind: 'add' | 'set'; itemId: string; quantity: number };

const OP = /^([as]):([0-9a-f]{24}):([0-9]{1,4})$/;

export function parseCartOps(value: string | null | undefined): CartOp[] {
  if (!value || value.length > 4096) return [];
  const ops: CartOp[] = [];
  for (const part of value.split('.').slice(-CART_OPS_MAX)) {
    const match = OP.exec(part);
    if (!match?.[1] || !match[2] || !match[3]) continue;
    const quantity = Number(match[3]);
    if (match[1] === 'a' && quantity === 0) continue;
    ops.push({ kind: match[1] === 'a' ? 'add' : 'set', itemId: match[2], quantity });
  }
  return ops;
}

export function formatCartOps(ops: readonly CartOp[]): string {
  return ops
    .slice(-CART_OPS_MAX)
    .map((op) => `${op.kind === 'add' ? 'a' : 's'}:${op.itemId}:${op.quantity}`)
    .join('.');
}

/** The Set-Cookie string for the pending changes (none deletes the cookie). */
export function cartOpsCookieString(ops: readonly CartOp[], secure: boolean): string {
  return cookieString(CART_OPS_COOKIE, formatCartOps(ops), secure);
}

/** What a cart form sends (application/x-www-form-urlencoded): its button's op, the product, a quantity. */
export interface CartForm {
  op?: unknown;
  id?: unknown;
  quantity?: unknown;
}

/**
 * A cart form applied to the cart's copy: the new items and the change to record, or the reason it is refused.
 * `inc` and `dec` are a stepper's buttons (dec never below 1), `remove` the row's bin, `add` and `set` take the
 * form's quantity.
 */
export function applyCartForm(
  items: CartItems,
  form: CartForm,
): { items: CartItems; op: CartOp | null } | { error: string } {
  const itemId = typeof form.id === 'string' ? form.id : '';
  if (!PRODUCT_ID.test(itemId)) return { error: 'The product is not valid.' };
  const typed = typeof form.quantity === 'string' ? form.quantity.trim() : '';
  const quantity = /^[0-9]{1,4}$/.test(typed) ? Number(typed) : NaN;
  const current = items[itemId] ?? 0;
  let op: CartOp;
  switch (form.op) {
    case 'add':
      if (!(quantity >= 1)) return { error: 'The quantity must be a whole number from 1 to 9999.' };
      op = { kind: 'add', itemId, quantity: Math.min(quantity, 9999 - current) };
      break;
    case 'set':
      if (!(quantity >= 1)) return { error: 'The quantity must be a whole number from 1 to 9999.' };
      op = { kind: 'set', itemId, quantity };
      break;
    case 'inc':
      op = { kind: 'add', itemId, quantity: current < 9999 ? 1 : 0 };
      break;
    case 'dec':
      op = { kind: 'set', itemId, quantity: Math.max(1, current - 1) };
      break;
    case 'remove':
      op = { kind: 'set', itemId, quantity: 0 };
      break;
    default:
      return { error: 'The cart form names no known action.' };
  }
  // A stepper of a line this copy does not hold, or an add past the most a line holds: nothing changes.
  if ((op.kind === 'set' && op.quantity > 0 && current === 0) || (op.kind === 'add' && op.quantity === 0))
    return { items, op: null };
  const next =
    op.kind === 'add'
      ? { ...items, [itemId]: current + op.quantity }
      : op.quantity === 0
        ? Object.fromEntries(Object.entries(items).filter(([id]) => id !== itemId))
        : { ...items, [itemId]: op.quantity };
  return { items: next, op };
}
