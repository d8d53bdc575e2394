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
  const value = formatCartCookie(items);
  const attributes = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return value
    ? `${CART_COOKIE}=${value}; Max-Age=${CART_COOKIE_MAX_AGE_S}${attributes}`
    : `${CART_COOKIE}=; Max-Age=0${attributes}`;
}
