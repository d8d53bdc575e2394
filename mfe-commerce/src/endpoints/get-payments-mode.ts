import { shopApi } from '@metrology/shared';

/** GET /api/payments/mode: sandbox (test payments, no real money) or live. */
export const paymentsModeApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentsMode: build.query<'sandbox' | 'live', void>({
      query: () => '/api/payments/mode',
      transformResponse: (response: { mode?: 'sandbox' | 'live' }) => response.mode ?? 'live',
    }),
  }),
});

export const { useGetPaymentsModeQuery } = paymentsModeApi;
