import { Link } from '@metrology/shared/router';
import { formatAmount, type Order } from '@metrology/shared';
import { OrderItemCard } from './order-item-card';
import { formatOrderDate, orderNumber } from './order-format';
import { StatusBadge } from './status-badge';

/** One order on /orders: its number, date, total, status and link, around SPEC's per-item cards. */
export function OrderGroup({ order }: { order: Order }) {
  const number = orderNumber(order);
  const headingId = `commerce-order-${order._id}`;
  return (
    <li className="commerce-order-group" data-testid="order-group">
      <article aria-labelledby={headingId}>
        <header className="commerce-order-group__head">
          <h2 id={headingId} className="commerce-order-group__title">
            Order {number}
          </h2>
          <StatusBadge status={order.status} />
          <p className="commerce-order-group__meta">
            <span>{formatOrderDate(order.date)}</span>
            <span>
              Total <strong data-testid="order-group-total">{formatAmount(order.amount)}</strong>
            </span>
          </p>
          <Link
            to={`/orders/${encodeURIComponent(order._id)}`}
            className="ms-button ms-button--ghost commerce-order-group__link"
            aria-label={`View order ${number}`}
          >
            View order
          </Link>
        </header>
        <ul className="commerce-orders__list" aria-label={`Items of order ${number}`}>
          {order.items.map((item, index) => (
            <OrderItemCard
              key={`${order._id}:${item._id}:${index}`}
              entry={{ key: `${order._id}:${item._id}:${index}`, item, order }}
              headingLevel={3}
            />
          ))}
        </ul>
      </article>
    </li>
  );
}
