import { skipToken } from '@reduxjs/toolkit/query/react';
import { selectToken, shopApi, useAppSelector } from '@metrology/shared';
import type { Me, MeResponse } from '@metrology/shared/contracts';

/**
 * The signed-in account and its role: the one call of the staff side every page needs (the header's account menu
 * shows the desk links by role). The back office's own calls live in its lazy chunk (back-office-api.ts).
 */
export const meApi = shopApi.enhanceEndpoints({ addTagTypes: ['Me'] }).injectEndpoints({
  endpoints: (build) => ({
    // The argument is the session token: a new login is a new cache entry, never the last user's role.
    me: build.query<Me, string>({
      query: () => '/api/user/me',
      transformResponse: (response: MeResponse) => response.user,
      providesTags: ['Me'],
    }),
  }),
});

export const { useMeQuery } = meApi;

/** The logged-in account and its role (undefined while logged out or loading). */
export function useMe() {
  const token = useAppSelector(selectToken);
  const me = useMeQuery(token ?? skipToken);
  return { token, ...me, user: token ? me.data : undefined };
}
