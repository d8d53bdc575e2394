import { usePageTitle } from '@metrology/shared';

export default function OrdersPage() {
  usePageTitle('My Orders');
  return (
    <div className="ms-page commerce-orders">
      <h1>My Orders</h1>
      <p>Every item you have ordered, newest first.</p>
    </div>
  );
}
