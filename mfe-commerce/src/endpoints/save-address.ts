import { shopApi, type Address, type AddressSaveBody, type SavedAddress } from '@metrology/shared';
import { addressListApi, type AddressListResponse } from './get-addresses';

export interface SaveAddressArgs {
  address: Address;
  token: string;
}

/** POST /api/address/save: the address and userId (the token, per SPEC); answers with the updated list. */
export const saveAddressApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    saveAddress: build.mutation<SavedAddress[], SaveAddressArgs>({
      query: ({ address, token }) => ({
        url: '/api/address/save',
        method: 'POST',
        body: { address, userId: token } satisfies AddressSaveBody,
      }),
      transformResponse: (response: AddressListResponse) => response.addresses ?? [],
      // The answer is the new list: put it in the cache instead of asking again.
      async onQueryStarted({ token }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const current = addressListApi.endpoints.getAddresses.select(token)(
            getState() as Parameters<ReturnType<typeof addressListApi.endpoints.getAddresses.select>>[0],
          );
          dispatch(
            addressListApi.util.upsertQueryData('getAddresses', token, {
              addresses: data,
              accountEmail: current.data?.accountEmail ?? '',
            }),
          );
        } catch {
          // The caller shows the error.
        }
      },
    }),
  }),
});

export const { useSaveAddressMutation } = saveAddressApi;
