import { useMemo } from 'react';
import { Link } from '@metrology/shared/router';
import {
  LoadError,
  LoginPrompt,
  errorMessage,
  selectToken,
  useAppSelector,
  usePageHead,
} from '@metrology/shared';
import { useGetUserOrdersQuery } from '../endpoints/get-user-orders';
import { OrderGroup } from '../features/orders/order-group';
import { OrdersSkeleton } from '../features/orders/order-skeletons';
import { COMMERCE_FALLBACKS, COMMERCE_MESSAGES } from '../messages';
import '../styles';

export default function OrdersPage() {
  usePageHead({
    title: 'My Orders',
    description: 'Your orders with their status, totals and delivery details.',
  });
  const token = useAppSelector(selectToken);
  // Always asked again on arrival: an order placed a moment ago must be there.
  const query = useGetUserOrdersQuery(token ?? '', { skip: !token, refetchOnMountOrArgChange: true });
  const orders = useMemo(
    () => [...(query.data ?? [])].sort((a, b) => Number(b.date) - Number(a.date)),
    [query.data],
  );

  if (!token) {
    return (
      <div className="ms-page commerce-orders">
        <h1>My Orders</h1>
        <LoginPrompt className="commerce-alert" message={COMMERCE_MESSAGES.loginToViewOrders} />
      </div>
    );
  }

  let content;
  if (query.isLoading || (query.isFetching && !query.data)) {
    content = <OrdersSkeleton />;
  } else if (query.isError) {
    content = (
      <LoadError
        className="commerce-alert"
        variant="ghost"
        message={errorMessage(query.error, COMMERCE_FALLBACKS.ordersFailed)}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (orders.length === 0) {
    content = (
      <div className="commerce-empty">
        <h2>No Orders Yet</h2>
        <p>{COMMERCE_MESSAGES.noOrdersText}</p>
        <Link to="/products" className="ms-button">
          Browse Products
        </Link>
      </div>
    );
  } else {
    content = (
      <>
        <ul className="commerce-order-groups" aria-label="Your orders, newest first">
          {orders.map((order) => (
            <OrderGroup key={order._id} order={order} />
          ))}
        </ul>
        <div className="commerce-orders__more">
          <Link to="/products" className="ms-button ms-button--ghost">
            Continue Shopping
          </Link>
        </div>
      </>
    );
  }

  return (
    <div className="ms-page commerce-orders">
      <h1>My Orders</h1>
      {content}
    </div>
  );
}
