import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from '@metrology/shared/router';
import {
  LoginPrompt,
  Spinner,
  errorMessage,
  forgetCart,
  notify,
  selectToken,
  useAppDispatch,
  useAppSelector,
  usePageHead,
} from '@metrology/shared';
import { useVerifyStripeMutation } from '../endpoints/place-order';
import { COMMERCE_FALLBACKS, COMMERCE_MESSAGES } from '../messages';
import '../styles';

/**
 * The card-payment return (SPEC: /verify?success=&orderId=): blank but for a spinner while the payment is
 * verified; paid -> cart cleared, the order's page; anything else -> /.
 */
export default function VerifyPage() {
  usePageHead({
    title: 'Verifying payment',
    description: 'Your payment is being confirmed with the payment provider.',
  });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const [verifyStripe] = useVerifyStripeMutation();
  const started = useRef(false);
  const success = params.get('success') === 'true' ? 'true' : 'false';
  const orderId = params.get('orderId') ?? '';

  useEffect(() => {
    // Verified once, as soon as there is a session to verify it with (the shopper may have to log in again).
    if (started.current || !token || !orderId) return;
    started.current = true;
    void (async () => {
      try {
        await verifyStripe({ success, orderId }).unwrap();
        // The server emptied the cart with the payment.
        dispatch(forgetCart());
        notify.success(COMMERCE_MESSAGES.paymentSuccessful);
        navigate(`/orders/${encodeURIComponent(orderId)}`, { replace: true });
      } catch (error) {
        notify.error(errorMessage(error, COMMERCE_FALLBACKS.verifyFailed));
        navigate('/', { replace: true });
      }
    })();
  }, [dispatch, navigate, orderId, success, token, verifyStripe]);

  // SPEC: anything but a verified payment sends the visitor to /; without an order there is nothing to verify.
  if (!orderId) return <Navigate to="/" replace />;

  if (!token) {
    return (
      <div className="ms-page commerce-verify commerce-empty">
        <h1>Payment verification</h1>
        <LoginPrompt className="commerce-verify__login" message={COMMERCE_MESSAGES.loginToCheckout} />
      </div>
    );
  }

  return (
    <div className="ms-page commerce-verify">
      <h1 className="ms-visually-hidden">Verifying payment</h1>
      <Spinner label="Verifying your payment" />
    </div>
  );
}
