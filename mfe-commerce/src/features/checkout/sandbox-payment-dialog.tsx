import { Dialog, DialogTitle, formatAmount, type PaymentOrder } from '@metrology/shared';

/** The provider's amount is in the smallest currency unit. */
export function formatProviderAmount(order: Pick<PaymentOrder, 'amount' | 'currency'>): string {
  const amount = order.amount / 100;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: order.currency }).format(amount);
  } catch {
    return formatAmount(amount);
  }
}

interface Props {
  order: PaymentOrder;
  busy: boolean;
  onPay: () => void;
  onCancel: () => void;
}

/**
 * Stands in for Razorpay's popup when the API runs without provider keys: the API's local sandbox
 * provider takes the "payment" and answers with a signed result, which is then verified like a real one.
 */
export function SandboxPaymentDialog({ order, busy, onPay, onCancel }: Props) {
  return (
    <Dialog
      onClose={onCancel}
      busy={busy}
      className="commerce-modal__panel"
      backdropClassName="commerce-modal"
    >
      <DialogTitle className="commerce-modal__title">Sandbox payment</DialogTitle>
      <p className="commerce-modal__note">
        Local sandbox payment provider (Razorpay stand-in): no card is needed and no real money is charged.
      </p>
      <dl className="commerce-modal__facts">
        <div>
          <dt>Amount</dt>
          <dd data-testid="sandbox-amount">{formatProviderAmount(order)}</dd>
        </div>
        <div>
          <dt>Payment order</dt>
          <dd>{order.id}</dd>
        </div>
      </dl>
      <div className="commerce-modal__actions">
        <button type="button" className="ms-button" onClick={onPay} aria-disabled={busy}>
          {busy ? 'Processing...' : 'Pay'}
        </button>
        <button
          type="button"
          className="ms-button ms-button--ghost"
          onClick={() => {
            if (!busy) onCancel();
          }}
          aria-disabled={busy}
        >
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
