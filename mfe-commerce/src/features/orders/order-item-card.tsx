import { ProductImage, formatAmount, formatPrice } from '@metrology/shared';
import { formatOrderDate, paymentMethodName, type OrderedItem } from './order-format';
import { StatusBadge } from './status-badge';

/** One ordered item: image, name, Price, Quantity, Total, Order Date, Payment Method, Order ID, status. */
export function OrderItemCard({ entry, headingLevel = 2 }: { entry: OrderedItem; headingLevel?: 2 | 3 }) {
  const { item, order } = entry;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <li className="commerce-order" data-testid="order-card">
      <ProductImage src={item.image?.[0]} alt="" width={88} height={88} className="commerce-order__image" />
      <div className="commerce-order__body">
        <div className="commerce-order__head">
          <Heading className="commerce-order__name">{item.name}</Heading>
          <StatusBadge status={order.status} />
        </div>
        <dl className="commerce-order__facts">
          <div>
            <dt>Price</dt>
            <dd>{formatPrice(item.price)}</dd>
          </div>
          <div>
            <dt>Quantity</dt>
            <dd>{item.quantity}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{formatAmount(Math.round(item.price * item.quantity * 100) / 100)}</dd>
          </div>
          <div>
            <dt>Order Date</dt>
            <dd>{formatOrderDate(order.date)}</dd>
          </div>
          <div>
            <dt>Payment Method</dt>
            <dd>{paymentMethodName(order.paymentMethod)}</dd>
          </div>
          <div className="commerce-order__id">
            <dt>Order ID</dt>
            <dd>{order._id}</dd>
          </div>
        </dl>
      </div>
    </li>
  );
}
