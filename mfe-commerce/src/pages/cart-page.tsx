import { usePageTitle } from '@metrology/shared';

export default function CartPage() {
  usePageTitle('Your Cart');
  return (
    <div className="ms-page commerce-cart">
      <h1>Your Cart</h1>
      <p>The instruments you have chosen.</p>
    </div>
  );
}
