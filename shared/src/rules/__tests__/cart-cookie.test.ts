import { CART_COOKIE_MAX_LINES, cartCookieString, formatCartCookie, parseCartCookie } from '../cart-cookie';

const A = 'a'.repeat(24);
const B = '0123456789abcdef01234567';

describe('the cart cookie', () => {
  it('round-trips ids and quantities', () => {
    const items = { [A]: 2, [B]: 15 };
    expect(formatCartCookie(items)).toBe(`${A}:2.${B}:15`);
    expect(parseCartCookie(formatCartCookie(items))).toEqual(items);
  });

  it.each([
    ['an id of another shape', { 'not-an-id': 1, [A]: 1 }, `${A}:1`],
    ['a zero quantity', { [A]: 0, [B]: 1 }, `${B}:1`],
    ['a fractional quantity', { [A]: 1.5 }, ''],
  ])('leaves out %s', (_name, items, cookie) => {
    expect(formatCartCookie(items)).toBe(cookie);
  });

  it('keeps at most its line limit, so the cookie stays under 4 KB', () => {
    const many = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => [i.toString(16).padStart(24, '0'), 999]),
    );
    const value = formatCartCookie(many);
    expect(Object.keys(parseCartCookie(value))).toHaveLength(CART_COOKIE_MAX_LINES);
    expect(cartCookieString(many, true).length).toBeLessThan(4000);
  });

  it.each([
    ['nothing', undefined],
    ['garbage', 'x;y'],
    ['a negative quantity', `${A}:-1`],
    ['a huge quantity', `${A}:99999`],
    ['script', `${A}:1<script>`],
  ])('trusts nothing malformed: %s', (_name, value) => {
    expect(parseCartCookie(value)).toEqual({});
  });

  it('keeps the good lines of a partly damaged value', () => {
    expect(parseCartCookie(`${A}:3.junk.${B}:0`)).toEqual({ [A]: 3 });
  });

  it('deletes the cookie for an empty cart, and is Secure on https', () => {
    expect(cartCookieString({}, false)).toBe('shop_cart=; Max-Age=0; Path=/; SameSite=Lax');
    expect(cartCookieString({ [A]: 1 }, true)).toMatch(
      /^shop_cart=a{24}:1; Max-Age=2592000; Path=\/; SameSite=Lax; Secure$/,
    );
  });
});
