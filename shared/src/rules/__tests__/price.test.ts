import { formatAmount, formatPrice } from '../price';

describe('formatPrice', () => {
  it.each([
    [0, 'Enquire for price'],
    [-5, 'Enquire for price'],
    [Number.NaN, 'Enquire for price'],
    [1, '$1'],
    [999, '$999'],
    [1000, '$1,000'],
    [12500.5, '$12,500.5'],
    [99999, '$99,999'],
    [100000, '$1.00 Lac'],
    [125000, '$1.25 Lac'],
    [2345678, '$23.46 Lac'],
  ])('shows %p as %p', (price, expected) => {
    expect(formatPrice(price)).toBe(expected);
  });
});

describe('formatAmount', () => {
  it.each([
    [0, '$0'],
    [10, '$10'],
    [1234.5, '$1,234.5'],
    [150000, '$1.50 Lac'],
  ])('shows %p as %p', (amount, expected) => {
    expect(formatAmount(amount)).toBe(expected);
  });
});
