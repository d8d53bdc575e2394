import { ProductImage, formatAmount } from '@metrology/shared';
import type { CartLine } from '../cart/use-cart-lines';

interface Props {
  lines: CartLine[];
  subtotal: number;
  deliveryFee: number;
  total: number;
  busy: boolean;
}

/** The checkout's Order Summary: a scrolling item list, Subtotal, Shipping (the delivery fee), Total, Place Order. */
export function CheckoutSummary({ lines, subtotal, deliveryFee, total, busy }: Props) {
  return (
    <section className="commerce-summary" aria-labelledby="commerce-checkout-summary">
      <h2 id="commerce-checkout-summary">Order Summary</h2>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <div className="commerce-order-items" role="region" aria-label="Items in your order" tabIndex={0}>
        <ul>
          {lines.map(({ product, quantity, total: lineTotal }) => (
            <li key={product._id} className="commerce-order-item" data-testid="summary-item">
              <ProductImage src={product.image[0]} alt="" width={56} height={56} />
              <span className="commerce-order-item__name">
                {product.name}
                <span className="commerce-order-item__qty">Qty: {quantity}</span>
              </span>
              <span className="commerce-order-item__total">{formatAmount(lineTotal)}</span>
            </li>
          ))}
        </ul>
      </div>
      <dl className="commerce-summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="checkout-subtotal">{formatAmount(subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd data-testid="checkout-shipping">{formatAmount(deliveryFee)}</dd>
        </div>
        <div className="commerce-summary__total">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatAmount(total)}</dd>
        </div>
      </dl>
      <button
        type="submit"
        className="ms-button commerce-summary__action"
        aria-disabled={busy}
        data-main-action
      >
        {busy ? 'Placing order...' : 'Place Order'}
      </button>
    </section>
  );
}
