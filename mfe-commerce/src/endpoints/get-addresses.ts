import { shopApi, type SavedAddress } from '@metrology/shared';

export interface AddressListResponse {
  success: boolean;
  addresses?: SavedAddress[];
  /** The account's own e-mail (prefills a new address). */
  accountEmail?: string;
  message?: string;
}

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
