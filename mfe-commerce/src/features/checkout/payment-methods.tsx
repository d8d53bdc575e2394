import { DEFAULT_PAYMENT_METHOD, type PaymentMethod } from '@metrology/shared';

export type SelectablePaymentMethod = Exclude<PaymentMethod, 'stripe'>;

/** The radios' name: the checkout form reads the choice from the page when it is sent. */
const FIELD = 'paymentMethod';

/**
 * The payment method chosen in a checkout form, as the page holds it (a choice made before the page was live
 * included); the default when none is checked.
 */
export function chosenPaymentMethod(form: HTMLFormElement): SelectablePaymentMethod {
  const value = new FormData(form).get(FIELD);
  return value === 'razorpay' || value === 'cod' ? value : DEFAULT_PAYMENT_METHOD;
}

/** Whether the method is checked when the page is first shown. */
const chosenAtFirst = (method: SelectablePaymentMethod) => method === DEFAULT_PAYMENT_METHOD;

/**
 * razorpay, Cash on Delivery (the default) and Stripe, which cannot be chosen yet (SPEC section 4). The radios keep
 * their own choice (read with chosenPaymentMethod when the order is placed), so a choice made before hydration is
 * never put back by a render; the chosen card is highlighted by CSS (`:has(:checked)`).
 */
export function PaymentMethods() {
  return (
    <fieldset className="commerce-methods">
      <legend className="commerce-methods__legend">
        <h2>Payment Method</h2>
      </legend>
      <label className="commerce-method">
        <input type="radio" name={FIELD} value="razorpay" defaultChecked={chosenAtFirst('razorpay')} />
        <span className="commerce-method__name commerce-method__name--razorpay">Razorpay</span>
        <span className="commerce-method__hint">UPI, cards and net banking</span>
      </label>
      <label className="commerce-method">
        <input type="radio" name={FIELD} value="cod" defaultChecked={chosenAtFirst('cod')} />
        <span className="commerce-method__name">Cash on Delivery</span>
      </label>
      <label className="commerce-method commerce-method--disabled">
        <input type="radio" name={FIELD} value="stripe" disabled />
        <span className="commerce-method__name">Stripe</span>
        <span className="commerce-method__hint">(Coming Soon)</span>
      </label>
    </fieldset>
  );
}
