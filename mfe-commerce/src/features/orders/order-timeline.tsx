import { orderStatusKind, type OrderDetail } from '@metrology/shared';
import { formatOrderDate, orderTimeline, statusName } from './order-format';

/** Every status the order has had, oldest first, each with its time and note. */
export function OrderTimeline({ order }: { order: Pick<OrderDetail, 'events' | 'status' | 'date'> }) {
  const events = orderTimeline(order);
  return (
    <ol className="commerce-timeline" data-testid="order-timeline">
      {events.map((event, index) => (
        <li
          key={`${event.date}-${index}`}
          className={`commerce-timeline__step commerce-timeline__step--${orderStatusKind(event.status)}`}
          aria-current={index === events.length - 1 ? 'step' : undefined}
        >
          <span className="commerce-timeline__dot" aria-hidden="true" />
          <span className="commerce-timeline__status">{statusName(event.status)}</span>
          {event.note ? <span className="commerce-timeline__note">{event.note}</span> : null}
          <time className="commerce-timeline__time" dateTime={new Date(event.date).toISOString()}>
            {formatOrderDate(event.date)}
          </time>
        </li>
      ))}
    </ol>
  );
}
