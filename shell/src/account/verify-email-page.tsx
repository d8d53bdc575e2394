import { useEffect, useRef, useState } from 'react';
import { Spinner, errorMessage, useAppDispatch, usePageHead } from '@metrology/shared';
import { useVerifyEmailMutation } from '../auth/auth-api';
import { meApi } from './me-api';
import { useLinkToken } from './use-link-token';
import './account.css';

/** /verify-email: the link of the sign-up e-mail proves the address once it is opened. */
export default function VerifyEmailPage() {
  usePageHead({
    title: 'Confirm your e-mail address',
    description: 'The link we e-mailed you when you created your account confirms your address.',
  });
  const token = useLinkToken();
  const dispatch = useAppDispatch();
  const [verify] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  // One use per opening: the token works once, so a second call (a re-render) would only report it spent.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify({ token })
      .unwrap()
      .then((result) => {
        setOutcome({ ok: true, message: result.message ?? '' });
        // The account menu asks again, so "Resend verification" gives way to "E-mail verified".
        dispatch(meApi.util.invalidateTags(['Me']));
      })
      .catch((error: unknown) =>
        setOutcome({ ok: false, message: errorMessage(error, 'Something went wrong. Please try again.') }),
      );
  }, [token, verify, dispatch]);
  const shown =
    token === '' ? { ok: false, message: 'This page needs the link from the e-mail we sent you.' } : outcome;

  return (
    <div className="ms-page shell-account">
      <div className="shell-login shell-account__card">
        <h1 className="shell-login__title">Confirm your e-mail address</h1>
        {shown ? (
          <p
            className={shown.ok ? 'shell-account__answer' : 'shell-account__problem'}
            role={shown.ok ? 'status' : 'alert'}
            data-verified={shown.ok}
          >
            {shown.message}
          </p>
        ) : (
          <Spinner label="Confirming your address" />
        )}
        <a href="/products" className="ms-button shell-login__submit">
          Continue shopping
        </a>
      </div>
    </div>
  );
}
