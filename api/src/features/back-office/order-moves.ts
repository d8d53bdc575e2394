// Which status an order may move to next (the orders desk), and why a move is refused.
import { MOVE_TARGETS, ORDER_STATUSES, type MoveTarget } from '@metrology/shared/contracts';

/** The statuses and the move targets are the contract's (@metrology/shared/contracts). */
export { MOVE_TARGETS, ORDER_STATUSES, type MoveTarget };

/** processing -> shipped -> delivered; cancel before shipping; an unpaid online order waits for its payment. */
const NEXT: Record<string, readonly MoveTarget[]> = {
  'awaiting payment': ['cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export interface MovableOrder {
  status: string;
  payment: boolean;
  payment_method: string;
}

/** An online order whose payment has not been verified yet. */
function unpaidOnline(order: MovableOrder): boolean {
  return order.payment_method !== 'cod' && !order.payment;
}

/** The moves staff may make now (what the order page offers). */
export function allowedMoves(order: MovableOrder): MoveTarget[] {
  const next = NEXT[order.status.toLowerCase()] ?? [];
  return unpaidOnline(order) ? next.filter((target) => target === 'cancelled') : [...next];
}

/** null when the move is allowed; otherwise the sentence the desk shows. */
export function refusal(order: MovableOrder, target: MoveTarget): string | null {
  const current = order.status.toLowerCase();
  if (current === target) return `This order is already ${target}.`;
  if (allowedMoves(order).includes(target)) return null;
  if ((current === 'awaiting payment' || unpaidOnline(order)) && target !== 'cancelled') {
    return `This order is awaiting payment: it can be marked ${target} only after its payment is verified.`;
  }
  const allowed = allowedMoves(order);
  return (
    `An order that is ${current} cannot be marked ${target}. ` +
    (allowed.length ? `Allowed next: ${allowed.join(' or ')}.` : `It is ${current}: no further moves.`)
  );
}
