import type { ReactNode } from 'react';
import { LoginPrompt, Spinner, errorMessage, usePageHead } from '@metrology/shared';
import { useMe } from '../account/me-api';
import type { Me, Role } from './back-office-api';

const NEEDED: Record<Exclude<Role, 'shopper'>, string> = {
  staff: 'This page is for staff only.',
  'release-manager': 'This page is for release managers only.',
};

/**
 * A back-office page renders its content (and so calls its API) only for the right role. Logged out: a login
 * prompt; another role: a refusal. The server checks every call again; this only keeps the page honest.
 */
export function RoleGate({
  needs: role,
  title,
  children,
}: {
  needs: Exclude<Role, 'shopper'>;
  title: string;
  children: (me: Me) => ReactNode;
}) {
  const { token, user, isLoading, isFetching, error } = useMe();
  usePageHead({ title, description: `${title}: staff tools of the shop's back office.` });

  if (!token) {
    return (
      <div className="ms-page shell-desk shell-desk--gate" data-gate="login">
        <h1>{title}</h1>
        <LoginPrompt className="shell-desk__login" message="Please login to continue" />
      </div>
    );
  }
  if (isLoading || (isFetching && !user)) {
    return (
      <div className="ms-page shell-desk shell-desk--gate" data-gate="checking">
        <h1>{title}</h1>
        <Spinner label="Checking your account" />
      </div>
    );
  }
  if (error || !user) {
    return (
      <div className="ms-page shell-desk shell-desk--gate" data-gate="error">
        <h1>{title}</h1>
        <p role="alert">{errorMessage(error, 'Your account could not be checked. Please try again.')}</p>
      </div>
    );
  }
  if (user.role !== role) {
    return (
      <div className="ms-page shell-desk shell-desk--gate" data-gate="refused">
        <h1>{title}</h1>
        <p role="alert">{`${NEEDED[role]} You are logged in as ${user.email}.`}</p>
        {user.emailVerified ? null : (
          <p data-gate="unverified">
            A role is given only to a verified e-mail address, and yours is not verified yet: open the link in
            the e-mail we sent when you signed up, or choose Resend verification in the account menu.
          </p>
        )}
      </div>
    );
  }
  return <>{children(user)}</>;
}
