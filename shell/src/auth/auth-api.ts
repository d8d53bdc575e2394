import { shopApi } from '@metrology/shared';

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  name: string;
}

/** What login and register answer (SPEC section 3: success, token, message). */
export interface SessionResponse {
  success: boolean;
  token: string;
  message?: string;
}

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
    logout: build.mutation<{ success: boolean }, string>({
      // The token is given explicitly: the store forgets it at once, before this call leaves.
      query: (token) => ({ url: '/api/user/logout', method: 'POST', body: {}, headers: { token } }),
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useLogoutMutation } = authApi;
