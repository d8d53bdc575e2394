import {
  shopApi,
  type Credentials,
  type LogoutResponse,
  type Registration,
  type SessionResponse,
} from '@metrology/shared';

export type { Credentials, Registration, SessionResponse };

/** POST /api/user/login and /api/user/register (SPEC section 7). A refusal arrives as an error with the server's message. */
export const authApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionResponse, Credentials>({
      query: (body) => ({ url: '/api/user/login', method: 'POST', body }),
    }),
    register: build.mutation<SessionResponse, Registration>({
      query: (body) => ({ url: '/api/user/register', method: 'POST', body }),
    }),
    /** POST /api/user/logout: the server ends the session, so the token is useless even if it was copied. */
    logout: build.mutation<LogoutResponse, string>({
      // The token is given explicitly: the store forgets it at once, before this call leaves.
      query: (token) => ({ url: '/api/user/logout', method: 'POST', body: {}, headers: { token } }),
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useLogoutMutation } = authApi;
