import { useSearchParams } from 'react-router-dom';
import { Spinner, usePageTitle } from '@metrology/shared';

/** The card-payment return page: blank but for a spinner while the payment is verified. */
export default function VerifyPage() {
  usePageTitle('Verifying payment');
  const [params] = useSearchParams();
  return (
    <div className="ms-page commerce-verify" data-order-id={params.get('orderId') ?? ''}>
      <h1 className="ms-visually-hidden">Verifying payment</h1>
      <Spinner label="Verifying your payment" />
    </div>
  );
}
