import { usePageTitle } from '@metrology/shared';

export default function PlaceOrderPage() {
  usePageTitle('Delivery Information');
  return (
    <div className="ms-page commerce-checkout">
      <h1>Delivery Information</h1>
      <p>Choose a delivery address and a payment method.</p>
    </div>
  );
}
