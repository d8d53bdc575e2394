import { useAppDispatch } from '../store/hooks.js';
import { loginDialogOpened } from '../store/ui-slice.js';

/** The label of every button that opens the login dialog from a page (SPEC: "Login / Register"). */
export const LOGIN_OR_REGISTER = 'Login / Register';

/**
 * A page or panel that needs a logged-in visitor: why, and a button that opens the shell's login dialog (any
 * section opens it through the store). After the login the page renders again with the token.
 */
export function LoginPrompt({ message, className }: { message: string; className: string }) {
  const dispatch = useAppDispatch();
  return (
    <div className={className}>
      <p>{message}</p>
      <button type="button" className="ms-button" onClick={() => dispatch(loginDialogOpened())}>
        {LOGIN_OR_REGISTER}
      </button>
    </div>
  );
}
