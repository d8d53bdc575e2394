import { shopApi, type OrderDetail } from '@metrology/shared';

interface OrderResponse {
  success: boolean;
  order?: OrderDetail;
  message?: string;
}

export interface OrderArgs {
  orderId: string;
  /** The session token: one cache entry per user, like the orders list. */
  token: string;
}

/** GET /api/order/:orderId: one of the user's orders with its status timeline (404 for anyone else's). */
export const orderApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getOrder: build.query<OrderDetail, OrderArgs>({
      query: ({ orderId }) => `/api/order/${encodeURIComponent(orderId)}`,
      transformResponse: (response: OrderResponse) => response.order as OrderDetail,
      providesTags: ['Orders'],
    }),
  }),
});

export const { useGetOrderQuery } = orderApi;
