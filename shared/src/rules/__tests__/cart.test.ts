import {
  addToCartItems,
  cartAmount,
  cartCount,
  mergeCarts,
  normaliseCartData,
  orderAmount,
  parseTypedQuantity,
  setCartQuantity,
} from '../cart';

describe('normaliseCartData', () => {
  it.each([
    [{ a: 2 }, { a: 2 }],
    [{ a: { M: 3 } }, { a: 3 }],
    [{ a: 0, b: -1, c: 4 }, { c: 4 }],
    [{ a: {} }, {}],
    [null, {}],
    [undefined, {}],
  ])('turns %j into %j', (input, expected) => {
    expect(normaliseCartData(input as Parameters<typeof normaliseCartData>[0])).toEqual(expected);
  });
});

describe('adding and setting quantities', () => {
  it('adds 1 by default and increases an existing line', () => {
    expect(addToCartItems({}, 'a')).toEqual({ a: 1 });
    expect(addToCartItems({ a: 2 }, 'a', 3)).toEqual({ a: 5 });
  });
  it.each([0, -1, 1.5, Number.NaN])('ignores an added quantity of %p', (quantity) => {
    expect(addToCartItems({ a: 1 }, 'a', quantity)).toEqual({ a: 1 });
  });
  it('sets an exact quantity and removes at 0', () => {
    expect(setCartQuantity({ a: 2 }, 'a', 7)).toEqual({ a: 7 });
    expect(setCartQuantity({ a: 2, b: 1 }, 'a', 0)).toEqual({ b: 1 });
    expect(setCartQuantity({ a: 2 }, 'a', -3)).toEqual({ a: 2 });
  });
});

describe('totals', () => {
  const products = new Map([
    ['a', { price: 100 }],
    ['b', { price: 2500.5 }],
  ]);
  it.each([
    [{}, 0, 0],
    [{ a: 1 }, 1, 100],
    [{ a: 2, b: 2 }, 4, 5201],
    [{ a: 1, gone: 5 }, 6, 100],
  ])('%j counts %p and costs %p', (items, count, amount) => {
    expect(cartCount(items)).toBe(count);
    expect(cartAmount(items, products)).toBe(amount);
  });
  it('adds the delivery fee to the order amount', () => {
    expect(orderAmount(5201, 10)).toBe(5211);
  });
});

describe('mergeCarts', () => {
  it('keeps everything the guest chose, adding to server quantities', () => {
    expect(mergeCarts({ a: 1, b: 2 }, { b: 3, c: 1 })).toEqual({ a: 1, b: 5, c: 1 });
  });
});

describe('parseTypedQuantity', () => {
  it.each([
    ['3', 3],
    ['1', 1],
    ['0', null],
    ['-2', null],
    ['', null],
    ['abc', null],
    ['2.5', null],
  ])('reads %p as %p', (raw, expected) => {
    expect(parseTypedQuantity(raw)).toBe(expected);
  });
});
