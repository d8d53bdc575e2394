// ORDER_TOTAL_CAP: the most one order may total online; past it the shopper asks for a bulk quote.
import { HttpError } from '../../lib/errors.js';

export function orderCapMessage(cap: number): string {
  return `Orders over $${cap.toLocaleString('en-US')} cannot be placed online. Please send us an enquiry for a bulk quote.`;
}

/** Refuses (400, before anything is stored) an order whose total, delivery included, is past the cap. */
export function assertWithinOrderCap(amount: number, cap: number): void {
  if (cap > 0 && amount > cap) throw new HttpError(400, orderCapMessage(cap), { code: 'ORDER_TOTAL_CAP' });
}
