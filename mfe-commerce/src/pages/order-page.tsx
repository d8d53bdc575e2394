import { Link, useParams } from '@metrology/shared/router';
import {
  LoadError,
  LoginPrompt,
  errorMessage,
  formatAmount,
  isApiError,
  selectToken,
  useAppSelector,
  usePageHead,
} from '@metrology/shared';
import { useGetOrderQuery } from '../endpoints/get-order';
import { addressLines } from '../features/checkout/address-fields';
import {
  formatOrderDate,
  orderNumber,
  orderTotals,
  paymentMethodName,
  paymentState,
} from '../features/orders/order-format';
import { OrderItemCard } from '../features/orders/order-item-card';
import { OrderSkeleton } from '../features/orders/order-skeletons';
import { OrderTimeline } from '../features/orders/order-timeline';
import { StatusBadge } from '../features/orders/status-badge';
import { COMMERCE_FALLBACKS, COMMERCE_MESSAGES } from '../messages';
import '../styles';

/** One order's receipt (/orders/:orderId): items, fee, total, address, payment, placed-at and its timeline. */
export default function OrderPage() {
  const { orderId = '' } = useParams();
  const token = useAppSelector(selectToken);
  const query = useGetOrderQuery(
    { orderId, token: token ?? '' },
    { skip: !token || !orderId, refetchOnMountOrArgChange: true },
  );
  const order = query.data && query.data._id === orderId ? query.data : undefined;
  const notFound = query.isError && isApiError(query.error) && query.error.status === 404;
  usePageHead({
    title: order ? `Order ${orderNumber(order)}` : notFound ? COMMERCE_FALLBACKS.orderNotFound : 'Your order',
    description: 'The status, items, payment and delivery address of one of your orders.',
  });

  const backToOrders = (
    <Link to="/orders" className="ms-button ms-button--ghost">
      All my orders
    </Link>
  );

  if (!token) {
    return (
      <div className="ms-page commerce-orders commerce-receipt">
        <h1>Your order</h1>
        <LoginPrompt className="commerce-alert" message={COMMERCE_MESSAGES.loginToViewOrders} />
      </div>
    );
  }

  if (notFound) {
    return (
      <div className="ms-page commerce-orders commerce-receipt commerce-empty">
        <h1>{COMMERCE_FALLBACKS.orderNotFound}</h1>
        <p>This order is not in your account. It may belong to another login.</p>
        {backToOrders}
      </div>
    );
  }

  if (query.isError && !order) {
    return (
      <div className="ms-page commerce-orders commerce-receipt">
        <h1>Your order</h1>
        <LoadError
          className="commerce-alert"
          variant="ghost"
          message={errorMessage(query.error, COMMERCE_FALLBACKS.orderLoadFailed)}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }

  if (!order) {
    return (
      <div className="ms-page commerce-orders commerce-receipt">
        <h1>Your order</h1>
        <OrderSkeleton />
      </div>
    );
  }

  const number = orderNumber(order);
  const totals = orderTotals(order);
  const [name, ...lines] = addressLines(order.address);

  return (
    <div className="ms-page commerce-orders commerce-receipt">
      <div className="commerce-receipt__title">
        <h1>Order {number}</h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="commerce-receipt__placed">
        Placed on <time dateTime={new Date(order.date).toISOString()}>{formatOrderDate(order.date)}</time>
      </p>
      <div className="ms-split commerce-receipt__layout">
        <section className="commerce-receipt__main" aria-labelledby="commerce-receipt-items">
          <h2 id="commerce-receipt-items">Items</h2>
          <ul className="commerce-orders__list" aria-label={`Items of order ${number}`}>
            {order.items.map((item, index) => (
              <OrderItemCard
                key={`${item._id}:${index}`}
                entry={{ key: `${item._id}:${index}`, item, order }}
                headingLevel={3}
              />
            ))}
          </ul>
        </section>
        <div className="commerce-receipt__side">
          <section className="commerce-summary" aria-labelledby="commerce-receipt-summary">
            <h2 id="commerce-receipt-summary">Order Summary</h2>
            <dl className="commerce-summary__rows">
              <div>
                <dt>Items</dt>
                <dd data-testid="receipt-items">{formatAmount(totals.items)}</dd>
              </div>
              <div>
                <dt>Delivery fee</dt>
                <dd data-testid="receipt-delivery">{formatAmount(totals.deliveryFee)}</dd>
              </div>
              <div className="commerce-summary__total">
                <dt>Total</dt>
                <dd data-testid="receipt-total">{formatAmount(totals.total)}</dd>
              </div>
            </dl>
          </section>
          <section className="commerce-receipt__box" aria-labelledby="commerce-receipt-payment">
            <h2 id="commerce-receipt-payment">Payment</h2>
            <p data-testid="receipt-payment">
              {paymentMethodName(order.paymentMethod)}: {paymentState(order)}
            </p>
          </section>
          <section className="commerce-receipt__box" aria-labelledby="commerce-receipt-address">
            <h2 id="commerce-receipt-address">Delivery address</h2>
            <address data-testid="receipt-address">
              <strong>{name}</strong>
              {lines.map((line, index) => (
                <span key={index}>{line}</span>
              ))}
              {order.address.email ? <span>{order.address.email}</span> : null}
            </address>
          </section>
          <section className="commerce-receipt__box" aria-labelledby="commerce-receipt-status">
            <h2 id="commerce-receipt-status">Status</h2>
            <OrderTimeline order={order} />
          </section>
        </div>
      </div>
      <div className="commerce-orders__more commerce-receipt__actions">
        {backToOrders}
        <Link to="/products" className="ms-button">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}
