import { shopApi, type SavedAddress } from '@metrology/shared';

export interface AddressListResponse {
  success: boolean;
  addresses?: SavedAddress[];
  message?: string;
}

/**
 * GET /api/address/get. The argument is the session token: one cache entry per user, so a later
 * login on the same page never sees the previous user's addresses.
 */
export const addressListApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getAddresses: build.query<SavedAddress[], string>({
      query: () => '/api/address/get',
      transformResponse: (response: AddressListResponse) => response.addresses ?? [],
      providesTags: ['Addresses'],
    }),
  }),
});

export const { useGetAddressesQuery } = addressListApi;
