import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  loginDialogOpened,
  selectIsLoggedIn,
  sessionEnded,
  useAppDispatch,
  useAppSelector,
} from '@metrology/shared';
import { focusEdge, moveFocusWithin } from './focus-list';
import { useDismiss } from './use-dismiss';

/** The account button: 'Login / Register' for guests; My Orders and Logout once logged in. */
export function UserMenu() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useDismiss(container, open, () => setOpen(false), button);

  const [seenLocation, setSeenLocation] = useState(location);
  if (seenLocation !== location) {
    setSeenLocation(location);
    setOpen(false);
  }

  const openLogin = () => {
    setOpen(false);
    // The dialog gives the focus back to what had it: the account button, which stays on the page.
    button.current?.focus();
    dispatch(loginDialogOpened());
  };

  const logout = () => {
    setOpen(false);
    dispatch(sessionEnded());
    button.current?.focus();
    void navigate('/');
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      // Shown synchronously so that the focus can move into it at once.
      flushSync(() => setOpen(true));
      focusEdge(panel.current, event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onItemKeyDown = (event: KeyboardEvent) => {
    moveFocusWithin(panel.current, event);
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !container.current?.contains(next)) setOpen(false);
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
