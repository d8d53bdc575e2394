import { formatAmount } from '@metrology/shared';
import { PaymentLogos } from './payment-logos';

export const CALCULATED_AT_CHECKOUT = 'Calculated at checkout';

interface Props {
  subtotal: number;
  onCheckout: () => void;
}

/** The cart's Order Summary: Subtotal, Shipping and Tax at checkout, Total, Proceed to Checkout, logos. */
export function CartSummary({ subtotal, onCheckout }: Props) {
  return (
    <section className="commerce-summary" aria-labelledby="commerce-cart-summary">
      <h2 id="commerce-cart-summary">Order Summary</h2>
      <dl className="commerce-summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="cart-subtotal">{formatAmount(subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{CALCULATED_AT_CHECKOUT}</dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{CALCULATED_AT_CHECKOUT}</dd>
        </div>
        <div className="commerce-summary__total">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatAmount(subtotal)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="ms-button commerce-summary__action"
        onClick={onCheckout}
        data-main-action
      >
        Proceed to Checkout
      </button>
      <PaymentLogos />
    </section>
  );
}
