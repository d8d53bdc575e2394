import type { PaymentMethod } from '@metrology/shared';

export type SelectablePaymentMethod = Exclude<PaymentMethod, 'stripe'>;

interface Props {
  value: SelectablePaymentMethod;
  onChange: (method: SelectablePaymentMethod) => void;
}

/** razorpay, Cash on Delivery (the default) and Stripe, which cannot be chosen yet (SPEC section 4). */
export function PaymentMethods({ value, onChange }: Props) {
  return (
    <fieldset className="commerce-methods">
      <legend className="commerce-methods__legend">
        <h2>Payment Method</h2>
      </legend>
      <label className={`commerce-method${value === 'razorpay' ? ' commerce-method--selected' : ''}`}>
        <input
          type="radio"
          name="paymentMethod"
          value="razorpay"
          checked={value === 'razorpay'}
          onChange={() => onChange('razorpay')}
        />
        <span className="commerce-method__name commerce-method__name--razorpay">Razorpay</span>
        <span className="commerce-method__hint">UPI, cards and net banking</span>
      </label>
      <label className={`commerce-method${value === 'cod' ? ' commerce-method--selected' : ''}`}>
        <input
          type="radio"
          name="paymentMethod"
          value="cod"
          checked={value === 'cod'}
          onChange={() => onChange('cod')}
        />
        <span className="commerce-method__name">Cash on Delivery</span>
      </label>
      <label className="commerce-method commerce-method--disabled">
        <input type="radio" name="paymentMethod" value="stripe" disabled />
        <span className="commerce-method__name">Stripe</span>
        <span className="commerce-method__hint">(Coming Soon)</span>
      </label>
    </fieldset>
  );
}
