import { shopApi, type PaymentMode, type PaymentsModeResponse } from '@metrology/shared';

/** GET /api/payments/mode: sandbox (test payments, no real money) or live. */
export const paymentsModeApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentsMode: build.query<PaymentMode, void>({
      query: () => '/api/payments/mode',
      transformResponse: (response: PaymentsModeResponse) => response.mode ?? 'live',
    }),
  }),
});

export const { useGetPaymentsModeQuery } = paymentsModeApi;
