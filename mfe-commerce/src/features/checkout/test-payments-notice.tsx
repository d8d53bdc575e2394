import { useGetPaymentsModeQuery } from '../../endpoints/get-payments-mode';

/** PAYMENTS_MODE=sandbox said aloud at checkout: online payments are test payments and take no money. */
export function TestPaymentsNotice() {
  const { data: mode } = useGetPaymentsModeQuery();
  if (mode !== 'sandbox') return null;
  return (
    <p className="commerce-test-payments" role="note">
      <strong>Test payments:</strong> this shop runs its payment sandbox, so Razorpay and Stripe payments here
      are simulated and no money is taken.
    </p>
  );
}
