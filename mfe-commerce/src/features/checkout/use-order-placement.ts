import { useRef, useState } from 'react';
import { useNavigate } from '@metrology/shared/router';
import {
  BRAND_NAME,
  errorMessage,
  forgetCart,
  newIdempotencyKey,
  notify,
  useAppDispatch,
  type PaymentOrder,
} from '@metrology/shared';
import {
  useCreateRazorpayOrderMutation,
  usePaySandboxRazorpayMutation,
  usePlaceCodOrderMutation,
  useVerifyRazorpayMutation,
  type OrderRequest,
  type RazorpayOrderResponse,
  type RazorpayPaymentResult,
} from '../../endpoints/place-order';
import { COMMERCE_FALLBACKS, COMMERCE_MESSAGES } from '../../messages';
import type { SelectablePaymentMethod } from './payment-methods';
import { loadRazorpayCheckout } from './razorpay-checkout';

export interface OrderPlacement {
  /** An order is on its way (one at a time: a second click while busy does nothing). */
  busy: boolean;
  /** The order has been placed and the page is leaving: the cart is empty on purpose. */
  completed: () => boolean;
  place: (method: SelectablePaymentMethod, request: OrderRequest) => Promise<void>;
  /** The sandbox payment step, when the API pays through its local sandbox. */
  sandbox: { order: PaymentOrder; busy: boolean; pay: () => void; cancel: () => void } | null;
}

/**
 * Places an order: cash on delivery, or razorpay (the provider's popup, or the API's sandbox), then the
 * order's own page. The checkout's history entry is replaced, so Back never returns to an emptied checkout.
 */
export function useOrderPlacement(token: string | null): OrderPlacement {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [placeCod] = usePlaceCodOrderMutation();
  const [createRazorpayOrder] = useCreateRazorpayOrderMutation();
  const [paySandbox] = usePaySandboxRazorpayMutation();
  const [verifyRazorpay] = useVerifyRazorpayMutation();
  // A ref, not state: two clicks in one frame both see it before any re-render.
  const placing = useRef(false);
  const done = useRef(false);
  const [busy, setBusy] = useState(false);
  const [sandboxOrder, setSandboxOrder] = useState<PaymentOrder | null>(null);
  const [sandboxBusy, setSandboxBusy] = useState(false);
  // The order being paid online (its page is shown once the payment is verified).
  const pendingOrderId = useRef<string | undefined>(undefined);
  // The Idempotency-Key of the current cash-on-delivery attempt: kept while the same order (same items, address
  // and amount) is tried again after a failure, so an order the API placed but whose answer was lost is not
  // placed twice; a changed order or a completed one starts a new attempt with a new key.
  const attempt = useRef<{ order: string; key: string } | null>(null);

  const idempotencyKeyFor = (request: OrderRequest): string => {
    const order = JSON.stringify(request);
    if (attempt.current?.order !== order) attempt.current = { order, key: newIdempotencyKey() };
    return attempt.current.key;
  };

  const release = () => {
    placing.current = false;
    setBusy(false);
  };

  /** The server has the order and has emptied the cart: forget the local copy and show the order. */
  const complete = (message: string, orderId: string | undefined) => {
    done.current = true;
    dispatch(forgetCart());
    notify.success(message);
    navigate(orderId ? `/orders/${encodeURIComponent(orderId)}` : '/orders', { replace: true });
  };

  const verify = async (result: RazorpayPaymentResult): Promise<boolean> => {
    try {
      await verifyRazorpay({ ...result, userId: token ?? '' }).unwrap();
      complete(COMMERCE_MESSAGES.paymentSuccessful, pendingOrderId.current);
      return true;
    } catch (error) {
      notify.error(errorMessage(error, COMMERCE_FALLBACKS.verifyFailed));
      release();
      return false;
    }
  };

  const openProviderCheckout = async (created: RazorpayOrderResponse) => {
    const Razorpay = await loadRazorpayCheckout();
    const checkout = new Razorpay({
      key: created.key,
      amount: created.order.amount,
      currency: created.order.currency,
      name: BRAND_NAME,
      description: COMMERCE_MESSAGES.paymentDescription,
      order_id: created.order.id,
      receipt: created.order.receipt,
      handler: (response) => void verify(response),
      modal: {
        ondismiss: () => {
          notify.info(COMMERCE_FALLBACKS.paymentCancelled);
          release();
        },
      },
    });
    checkout.on?.('payment.failed', (response) => {
      notify.error(response.error?.description || COMMERCE_FALLBACKS.paymentFailed);
    });
    checkout.open();
  };

  const place = async (method: SelectablePaymentMethod, request: OrderRequest) => {
    if (placing.current) return;
    placing.current = true;
    setBusy(true);
    try {
      if (method === 'cod') {
        const placed = await placeCod({
          order: request,
          idempotencyKey: idempotencyKeyFor(request),
        }).unwrap();
        attempt.current = null;
        complete(COMMERCE_MESSAGES.orderPlaced, placed.orderId);
        return;
      }
      const created = await createRazorpayOrder(request).unwrap();
      pendingOrderId.current = created.orderId;
      if (created.sandbox) {
        setSandboxOrder(created.order);
        return;
      }
      try {
        await openProviderCheckout(created);
      } catch (error) {
        console.error('Razorpay checkout failed to load', error);
        notify.error(COMMERCE_FALLBACKS.providerUnavailable);
        release();
      }
    } catch (error) {
      notify.error(errorMessage(error, COMMERCE_FALLBACKS.orderFailed));
      release();
    }
  };

  const sandbox = sandboxOrder
    ? {
        order: sandboxOrder,
        busy: sandboxBusy,
        pay: () => {
          if (sandboxBusy) return;
          setSandboxBusy(true);
          void (async () => {
            try {
              const result = await paySandbox({ order_id: sandboxOrder.id }).unwrap();
              await verify(result);
            } catch (error) {
              notify.error(errorMessage(error, COMMERCE_FALLBACKS.paymentFailed));
              release();
            } finally {
              setSandboxBusy(false);
              setSandboxOrder(null);
            }
          })();
        },
        cancel: () => {
          setSandboxOrder(null);
          notify.info(COMMERCE_FALLBACKS.paymentCancelled);
          release();
        },
      }
    : null;

  return { busy, completed: () => done.current, place, sandbox };
}
