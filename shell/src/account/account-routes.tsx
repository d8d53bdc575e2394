import { lazy } from 'react';
import { HydrationBoundary, Spinner } from '@metrology/shared';

// Opened from an e-mail's link: kept out of the shop's own bundle until then.
const ResetPasswordPage = lazy(() => import('./reset-password-page'));
const VerifyEmailPage = lazy(() => import('./verify-email-page'));

/** /reset-password: a new password with the link, or the "Forgot password?" form without one. */
export function ResetPasswordRoute() {
  return (
    <HydrationBoundary fallback={<Spinner label="Loading the page" />}>
      <ResetPasswordPage />
    </HydrationBoundary>
  );
}

/** /verify-email: the sign-up e-mail's link. */
export function VerifyEmailRoute() {
  return (
    <HydrationBoundary fallback={<Spinner label="Loading the page" />}>
      <VerifyEmailPage />
    </HydrationBoundary>
  );
}
