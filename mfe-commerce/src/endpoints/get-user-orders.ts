import { shopApi, type Order } from '@metrology/shared';

interface UserOrdersResponse {
  success: boolean;
  orders?: Order[];
  message?: string;
}

/** POST /api/order/userorders (empty body). Keyed by the session token, like the addresses. */
export const userOrdersApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getUserOrders: build.query<Order[], string>({
      query: () => ({ url: '/api/order/userorders', method: 'POST', body: {} }),
      transformResponse: (response: UserOrdersResponse) => response.orders ?? [],
      providesTags: ['Orders'],
    }),
  }),
});

export const { useGetUserOrdersQuery } = userOrdersApi;
