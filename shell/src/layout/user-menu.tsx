import { Link, useNavigate } from '@metrology/shared/router';
import {
  errorMessage,
  loginDialogOpened,
  notify,
  selectIsLoggedIn,
  selectToken,
  sessionEnded,
  useAppDispatch,
  useAppSelector,
} from '@metrology/shared';
import { useMe } from '../account/me-api';
import { useLogoutMutation, useResendVerificationMutation } from '../auth/auth-api';
import { useDisclosureMenu } from './use-disclosure-menu';

/** The account button: 'Login / Register' for guests; My Orders and Logout once logged in. */
export function UserMenu() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  // Back-office links only for the roles that may use them (the server checks every call again).
  const me = useMe().user;
  const role = me?.role;
  const [resendVerification] = useResendVerificationMutation();
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [endServerSession] = useLogoutMutation();
  const { open, setOpen, container, button, panel, panelId, onButtonKeyDown, onItemKeyDown, onBlur } =
    useDisclosureMenu();

  const openLogin = () => {
    setOpen(false);
    // The dialog gives the focus back to what had it: the account button, which stays on the page.
    button.current?.focus();
    dispatch(loginDialogOpened());
  };

  // Until the address is proved the account still works; the link can be sent again.
  const resend = () => {
    setOpen(false);
    button.current?.focus();
    resendVerification()
      .unwrap()
      .then((result) => notify.success(result.message ?? 'Sent'))
      .catch((error: unknown) =>
        notify.error(errorMessage(error, 'Something went wrong. Please try again.')),
      );
  };

  const logout = () => {
    setOpen(false);
    // The call carries the token, so it starts before the token is forgotten; its outcome does not hold the user.
    if (token)
      endServerSession(token)
        .unwrap()
        .catch((error: unknown) => console.error('Logout call failed', error));
    dispatch(sessionEnded());
    button.current?.focus();
    void navigate('/');
  };

  return (
    <div className="shell-user" ref={container} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="shell-icon-button"
        aria-label={isLoggedIn ? 'Account, logged in' : 'Account'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onButtonKeyDown}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {isLoggedIn ? <span className="shell-user__dot" aria-hidden="true" /> : null}
      </button>
      <div ref={panel} id={panelId} className="shell-user__panel" hidden={!open}>
        {isLoggedIn ? (
          <ul className="shell-user__list">
            <li>
              <Link to="/orders" className="shell-user__item" onKeyDown={onItemKeyDown}>
                My Orders
              </Link>
            </li>
            {me && !me.emailVerified && (
              <li>
                <button type="button" className="shell-user__item" onClick={resend} onKeyDown={onItemKeyDown}>
                  Resend verification
                </button>
              </li>
            )}
            {me?.emailVerified && (
              <li className="shell-user__item" data-testid="email-verified">
                E-mail verified
              </li>
            )}
            {role === 'staff' && (
              <>
                <li>
                  <Link to="/back-office/orders" className="shell-user__item" onKeyDown={onItemKeyDown}>
                    Orders desk
                  </Link>
                </li>
                <li>
                  <Link to="/back-office/inbox" className="shell-user__item" onKeyDown={onItemKeyDown}>
                    Inbox
                  </Link>
                </li>
                <li>
                  <Link to="/back-office/mail" className="shell-user__item" onKeyDown={onItemKeyDown}>
                    Caught mail
                  </Link>
                </li>
              </>
            )}
            {role === 'release-manager' && (
              <li>
                <Link to="/releases" className="shell-user__item" onKeyDown={onItemKeyDown}>
                  Releases
                </Link>
              </li>
            )}
            <li>
              <button type="button" className="shell-user__item" onClick={logout} onKeyDown={onItemKeyDown}>
                Logout
              </button>
            </li>
          </ul>
        ) : (
          <button type="button" className="shell-user__item" onClick={openLogin} onKeyDown={onItemKeyDown}>
            Login / Register
          </button>
        )}
      </div>
    </div>
  );
}
