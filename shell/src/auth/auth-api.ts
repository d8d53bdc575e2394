import {
  shopApi,
  type Credentials,
  type LogoutResponse,
  type Registration,
  type SessionResponse,
} from '@metrology/shared';
import type {
  AccountMessageResponse,
  PasswordResetBody,
  PasswordResetRequestBody,
  VerifyEmailBody,
} from '@metrology/shared/contracts';

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
    /** "Forgot password?": the same answer whether an account has the e-mail or not. */
    requestPasswordReset: build.mutation<AccountMessageResponse, PasswordResetRequestBody>({
      query: (body) => ({ url: '/api/user/password-reset/request', method: 'POST', body }),
    }),
    /** /reset-password: the link's token and the new password; every session of the account ends. */
    resetPassword: build.mutation<AccountMessageResponse, PasswordResetBody>({
      query: (body) => ({ url: '/api/user/password-reset', method: 'POST', body }),
    }),
    /** /verify-email: the link's token proves the address. */
    verifyEmail: build.mutation<AccountMessageResponse, VerifyEmailBody>({
      query: (body) => ({ url: '/api/user/verify-email', method: 'POST', body }),
    }),
    /** The account menu's "Resend verification" (the session's token goes with it). */
    resendVerification: build.mutation<AccountMessageResponse, void>({
      query: () => ({ url: '/api/user/verify-email/resend', method: 'POST', body: {} }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
} = authApi;
