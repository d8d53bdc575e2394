import {
  shopApi,
  type Address,
  type Envelope,
  type OrderPlacedResponse,
  type PlaceOrderBody,
  type RazorpayOrderResponse,
  type RazorpayPaymentResult,
  type SandboxRazorpayPayBody,
  type SandboxRazorpayPayResponse,
  type VerifyRazorpayBody,
  type VerifyStripeBody,
} from '@metrology/shared';

export type { RazorpayOrderResponse, RazorpayPaymentResult };

/** One line of an order as the client sends it (the server reads _id and quantity, prices come from it). */
export interface OrderLine {
  _id: string;
  name: string;
  image: string[];
  price: number;
  quantity: number;
}

/** The body of /api/order/place, /razorpay and /stripe (SPEC section 7): what checkout sends of the contract's body. */
export interface OrderRequest {
  address: Address & { _id?: string };
  items: OrderLine[];
  /** Subtotal plus the delivery fee. */
  amount: number;
}

/**
 * A cash-on-delivery placement: the order and its Idempotency-Key. One key per checkout attempt, sent again
 * unchanged when the same attempt is retried, so the API answers a repeat with the order it already placed.
 */
export interface CodPlacement {
  order: OrderRequest;
  idempotencyKey: string;
}

/** What placing a cash-on-delivery order answers. */
export type PlacedOrder = OrderPlacedResponse;

export const orderPlacementApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    placeCodOrder: build.mutation<PlacedOrder, CodPlacement>({
      query: ({ order, idempotencyKey }) => ({
        url: '/api/order/place',
        method: 'POST',
        body: order satisfies PlaceOrderBody,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Orders'],
    }),
    createRazorpayOrder: build.mutation<RazorpayOrderResponse, OrderRequest>({
      query: (body) => ({ url: '/api/order/razorpay', method: 'POST', body: body satisfies PlaceOrderBody }),
    }),
    paySandboxRazorpay: build.mutation<RazorpayPaymentResult, SandboxRazorpayPayBody>({
      query: (body) => ({ url: '/api/payments/sandbox/razorpay/pay', method: 'POST', body }),
      transformResponse: (response: SandboxRazorpayPayResponse) => ({
        razorpay_order_id: response.razorpay_order_id,
        razorpay_payment_id: response.razorpay_payment_id,
        razorpay_signature: response.razorpay_signature,
      }),
    }),
    verifyRazorpay: build.mutation<Envelope, RazorpayPaymentResult & { userId: string }>({
      query: (body) => ({
        url: '/api/order/verifyRazorpay',
        method: 'POST',
        body: body satisfies VerifyRazorpayBody,
      }),
      invalidatesTags: ['Orders'],
    }),
    verifyStripe: build.mutation<Envelope, VerifyStripeBody>({
      query: (body) => ({ url: '/api/order/verifyStripe', method: 'POST', body }),
      invalidatesTags: ['Orders'],
    }),
  }),
});

export const {
  usePlaceCodOrderMutation,
  useCreateRazorpayOrderMutation,
  usePaySandboxRazorpayMutation,
  useVerifyRazorpayMutation,
  useVerifyStripeMutation,
} = orderPlacementApi;
