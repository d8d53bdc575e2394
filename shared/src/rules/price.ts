import { CURRENCY_SYMBOL, LAC } from './constants.js';

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * Price display of SPEC section 9: 100000 or more as lakhs ('1.25 Lac'), otherwise with thousands separators;
 * 0 (or less) as 'Enquire for price'.
 */
export function formatPrice(price: number): string {
  if (!Number.isFinite(price) || price <= 0) return 'Enquire for price';
  if (price >= LAC) return `${CURRENCY_SYMBOL}${(price / LAC).toFixed(2)} Lac`;
  return `${CURRENCY_SYMBOL}${thousands.format(price)}`;
}

/** A plain amount with the currency symbol (cart totals, order amounts): never 'Enquire'. */
export function formatAmount(amount: number): string {
  const safe = Number.isFinite(amount) ? amount : 0;
  if (safe >= LAC) return `${CURRENCY_SYMBOL}${(safe / LAC).toFixed(2)} Lac`;
  return `${CURRENCY_SYMBOL}${new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(safe)}`;
}
