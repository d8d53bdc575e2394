import { shopApi, type AddressListResponse, type SavedAddress } from '@metrology/shared';

export type { AddressListResponse };

export interface AddressBook {
  addresses: SavedAddress[];
  accountEmail: string;
}

/**
 * GET /api/address/get. The argument is the session token: one cache entry per user, so a later
 * login on the same page never sees the previous user's addresses.
 */
export const addressListApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getAddresses: build.query<AddressBook, string>({
      query: () => '/api/address/get',
      transformResponse: (response: AddressListResponse) => ({
        addresses: response.addresses ?? [],
        accountEmail: response.accountEmail ?? '',
      }),
      providesTags: ['Addresses'],
    }),
  }),
});

export const { useGetAddressesQuery } = addressListApi;
