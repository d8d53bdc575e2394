import { orderStatusKind, type OrderStatusKind } from '@metrology/shared';
import { statusName } from './order-format';

const ICONS: Record<OrderStatusKind, string> = {
  // a clock
  processing: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 5v4.6l3.4 2-1 1.7L11 12.4V7h2z',
  // a truck
  shipped:
    'M3 5h11v3h3.5L21 12v5h-2a2.5 2.5 0 0 1-5 0h-4a2.5 2.5 0 0 1-5 0H3V5zm11 5v3h5l-2-3h-3zM7.5 16a1 1 0 1 0 0 2 1 1 0 0 0 0-2zm9 0a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  // a tick in a circle
  delivered: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7z',
  // a cross in a circle
  cancelled:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm3.5 12.1-1.4 1.4L12 13.4l-2.1 2.1-1.4-1.4 2.1-2.1-2.1-2.1 1.4-1.4 2.1 2.1 2.1-2.1 1.4 1.4-2.1 2.1 2.1 2.1z',
  // an info dot
  other: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2v6zm0-8h-2V7h2v2z',
};

/** The order status with its colour and icon (processing yellow, shipped blue, delivered green, cancelled red, else grey). */
export function StatusBadge({ status }: { status: string }) {
  const kind = orderStatusKind(status);
  const text = statusName(status);
  return (
    <span className={`commerce-status commerce-status--${kind}`} data-status-kind={kind}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={ICONS[kind]} />
      </svg>
      {text}
    </span>
  );
}
