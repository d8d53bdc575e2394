import {
  CART_OPS_MAX,
  applyCartForm,
  cartOpsCookieString,
  formatCartOps,
  parseCartOps,
  type CartOp,
} from '../cart-cookie';

const A = 'a'.repeat(24);
const B = '0123456789abcdef01234567';

describe('a cart form sent without script', () => {
  it.each([
    [
      'add to an empty cart',
      {},
      { op: 'add', id: A, quantity: '2' },
      { [A]: 2 },
      { kind: 'add', itemId: A, quantity: 2 },
    ],
    [
      'add to a line',
      { [A]: 1 },
      { op: 'add', id: A, quantity: '1' },
      { [A]: 2 },
      { kind: 'add', itemId: A, quantity: 1 },
    ],
    ['a stepper plus', { [A]: 2 }, { op: 'inc', id: A }, { [A]: 3 }, { kind: 'add', itemId: A, quantity: 1 }],
    [
      'a stepper minus',
      { [A]: 2 },
      { op: 'dec', id: A },
      { [A]: 1 },
      { kind: 'set', itemId: A, quantity: 1 },
    ],
    [
      'a minus at 1 keeps 1',
      { [A]: 1 },
      { op: 'dec', id: A },
      { [A]: 1 },
      { kind: 'set', itemId: A, quantity: 1 },
    ],
    [
      'a typed quantity',
      { [A]: 1, [B]: 4 },
      { op: 'set', id: A, quantity: ' 7 ' },
      { [A]: 7, [B]: 4 },
      { kind: 'set', itemId: A, quantity: 7 },
    ],
    [
      'the bin',
      { [A]: 1, [B]: 4 },
      { op: 'remove', id: A },
      { [B]: 4 },
      { kind: 'set', itemId: A, quantity: 0 },
    ],
  ])('%s', (_name, items, form, expected, op) => {
    expect(applyCartForm(items, form)).toEqual({ items: expected, op });
  });

  it.each([
    ['a line the copy does not hold (minus)', { op: 'dec', id: B }],
    ['a line the copy does not hold (set)', { op: 'set', id: B, quantity: '3' }],
  ])('changes nothing for %s', (_name, form) => {
    expect(applyCartForm({ [A]: 1 }, form)).toEqual({ items: { [A]: 1 }, op: null });
  });

  it('never takes a line past 9999', () => {
    expect(applyCartForm({ [A]: 9998 }, { op: 'add', id: A, quantity: '5' })).toEqual({
      items: { [A]: 9999 },
      op: { kind: 'add', itemId: A, quantity: 1 },
    });
    expect(applyCartForm({ [A]: 9999 }, { op: 'inc', id: A })).toEqual({ items: { [A]: 9999 }, op: null });
  });

  it.each([
    ['an id of another shape', { op: 'add', id: 'x', quantity: '1' }, 'The product is not valid.'],
    ['no id', { op: 'add', quantity: '1' }, 'The product is not valid.'],
    [
      'a zero quantity',
      { op: 'add', id: A, quantity: '0' },
      'The quantity must be a whole number from 1 to 9999.',
    ],
    [
      'a negative quantity',
      { op: 'set', id: A, quantity: '-2' },
      'The quantity must be a whole number from 1 to 9999.',
    ],
    [
      'a fraction',
      { op: 'add', id: A, quantity: '1.5' },
      'The quantity must be a whole number from 1 to 9999.',
    ],
    [
      'too many',
      { op: 'add', id: A, quantity: '10000' },
      'The quantity must be a whole number from 1 to 9999.',
    ],
    ['an unknown op', { op: 'buy', id: A, quantity: '1' }, 'The cart form names no known action.'],
    ['no op', { id: A, quantity: '1' }, 'The cart form names no known action.'],
  ])('refuses %s with a reason', (_name, form, error) => {
    expect(applyCartForm({ [A]: 1 }, form)).toEqual({ error });
  });
});

describe('the pending changes cookie', () => {
  it('round-trips the changes in order', () => {
    const ops: CartOp[] = [
      { kind: 'add', itemId: A, quantity: 2 },
      { kind: 'set', itemId: B, quantity: 0 },
    ];
    expect(formatCartOps(ops)).toBe(`a:${A}:2.s:${B}:0`);
    expect(parseCartOps(formatCartOps(ops))).toEqual(ops);
  });

  it('drops what it cannot read and an add of nothing', () => {
    expect(parseCartOps(`a:${A}:1.x:${A}:1.a:short:1.a:${B}:0.s:${B}:12345`)).toEqual([
      { kind: 'add', itemId: A, quantity: 1 },
    ]);
    expect(parseCartOps('')).toEqual([]);
    expect(parseCartOps('z'.repeat(5000))).toEqual([]);
  });

  it('keeps the latest changes only', () => {
    const ops = Array.from({ length: CART_OPS_MAX + 5 }, (_, i) => ({
      kind: 'add' as const,
      itemId: A,
      quantity: i + 1,
    }));
    const kept = parseCartOps(formatCartOps(ops));
    expect(kept).toHaveLength(CART_OPS_MAX);
    expect(kept.at(-1)?.quantity).toBe(CART_OPS_MAX + 5);
  });

  it('deletes itself when nothing is pending', () => {
    expect(cartOpsCookieString([], false)).toBe('shop_cart_ops=; Max-Age=0; Path=/; SameSite=Lax');
    expect(cartOpsCookieString([{ kind: 'add', itemId: A, quantity: 1 }], true)).toMatch(
      /^shop_cart_ops=a:a{24}:1; Max-Age=\d+; Path=\/; SameSite=Lax; Secure$/,
    );
  });
});
