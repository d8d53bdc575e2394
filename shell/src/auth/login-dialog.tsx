import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  BRAND_NAME,
  CloseButton,
  Dialog,
  DialogDescription,
  DialogTitle,
  errorMessage,
  loginDialogClosed,
  PASSWORD_MIN_LENGTH,
  notify,
  selectLoginDialogOpen,
  selectToken,
  sessionStarted,
  useAppDispatch,
  useAppSelector,
  useDomForm,
} from '@metrology/shared';
import { EmailField } from '@metrology/shared/controls';
import { useLoginMutation, useRegisterMutation } from './auth-api';
import { ForgotPasswordForm } from './forgot-password-form';

type Mode = 'login' | 'signup' | 'forgot';

const EMPTY = { name: '', email: '', password: '' };

/** The shared password rule with its list of common passwords (about 12 KB gzip): fetched for sign-up only. */
const loadPasswordRule = () => import('@metrology/shared/password');

const TEXTS = {
  login: {
    title: 'Welcome Back!',
    subtitle: 'Sign in to access your account',
    submit: 'Sign In',
    toggle: 'Create new account',
    success: 'Welcome back!',
  },
  signup: {
    title: 'Create Account',
    subtitle: `Join ${BRAND_NAME} for quality measuring instruments`,
    submit: 'Create Account',
    toggle: 'Already have an account?',
    success: 'Account created successfully!',
  },
  forgot: {
    title: 'Reset your password',
    subtitle: "Enter your account's e-mail and we will send you a link to choose a new password",
    submit: 'Send reset link',
    toggle: 'Back to login',
    success: '',
  },
} as const;

/**
 * The login / sign-up dialog. Any section opens it through the store (`loginDialogOpened()`); it closes itself
 * whenever a session token exists.
 */
export function LoginDialog() {
  const open = useAppSelector(selectLoginDialogOpen);
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (open && token) dispatch(loginDialogClosed());
  }, [open, token, dispatch]);

  if (!open || token) return null;
  return <LoginDialogBox onClose={() => dispatch(loginDialogClosed())} />;
}

/** The dialog's content; mounted fresh on every opening, so it always starts empty, in Login mode. */
function LoginDialogBox({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [mode, setMode] = useState<Mode>('login');
  const ids = useId();
  // The browser checks the fields (required, type="email"): SPEC has no other rule for logging in, and sign-up's
  // password rule answers with a toast, as the server's refusals do. The values live in the fields, read when the
  // form is sent; `kept` holds them across a change of mode, which mounts the fields the new mode shows afresh.
  const [kept, setKept] = useState(EMPTY);
  const form = useDomForm({ initial: kept, idPrefix: ids });
  const formRef = useRef<HTMLFormElement>(null);
  const [login, loginState] = useLoginMutation();
  const [register, registerState] = useRegisterMutation();
  const busy = loginState.isLoading || registerState.isLoading;
  const firstField = useRef<HTMLInputElement>(null);
  const texts = TEXTS[mode];

  const keep = () => {
    if (formRef.current) setKept(form.read(formRef.current, kept));
  };
  const switchMode = () => {
    keep();
    setMode((was) => (was === 'login' ? 'signup' : 'login'));
  };
  // DESIGN.md: SPEC's "Forgot password?" link (same text, same place) opens a password reset by e-mail.
  const openForgot = () => {
    keep();
    setMode('forgot');
  };

  // After a switch the first field of the new mode takes the focus (the name field appears in sign-up).
  const switched = useRef(false);
  useEffect(() => {
    if (switched.current) firstField.current?.focus();
    switched.current = true;
    // Sign-up checks the password on submit: fetch the rule while the form is being filled in.
    if (mode === 'signup') loadPasswordRule().catch(() => undefined);
  }, [mode]);

  // True from a submit until its answer (busy covers only the request; the rule may still be on its way).
  const submitting = useRef(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || submitting.current) return;
    const { name, email, password } = form.read(event.currentTarget);
    submitting.current = true;
    try {
      if (mode === 'signup') {
        // The same rule the server applies (@metrology/shared): refused here first, with the same message.
        const { passwordProblem } = await loadPasswordRule();
        const weak = passwordProblem(password);
        if (weak) {
          notify.error(weak);
          return;
        }
      }
      const session =
        mode === 'login'
          ? await login({ email, password }).unwrap()
          : await register({ name, email, password }).unwrap();
      if (!session.token) throw new Error(session.message || 'The server did not start a session.');
      notify.success(texts.success);
      // Keeps the token (store and localStorage) and merges the guest's cart; the dialog then closes itself.
      await dispatch(sessionStarted(session.token));
    } catch (error) {
      console.error(mode === 'login' ? 'Login failed' : 'Registration failed', error);
      notify.error(errorMessage(error, 'Something went wrong. Please try again.'));
    } finally {
      submitting.current = false;
    }
  };

  return (
    <Dialog onClose={onClose} initialFocus={firstField} className="shell-login">
      <CloseButton className="shell-icon-button shell-login__close" onClose={onClose} />
      <DialogTitle className="shell-login__title">{texts.title}</DialogTitle>
      <DialogDescription className="shell-login__subtitle">{texts.subtitle}</DialogDescription>
      {mode === 'forgot' ? (
        <ForgotPasswordForm firstField={firstField} initialEmail={kept.email} submitLabel={texts.submit} />
      ) : (
        <form
          ref={formRef}
          className="shell-login__form"
          onSubmit={(event) => void submit(event)}
          aria-busy={busy}
        >
          {mode === 'signup' ? (
            <div className="ms-field">
              <label htmlFor={form.fieldId('name')}>Name</label>
              <input
                ref={firstField}
                className="ms-input"
                type="text"
                autoComplete="name"
                required
                {...form.field('name')}
              />
            </div>
          ) : null}
          <EmailField
            field={form.field('email')}
            inputRef={mode === 'login' ? firstField : undefined}
            required
          />
          <div className="ms-field">
            <label htmlFor={form.fieldId('password')}>Password</label>
            <input
              className="ms-input"
              type="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              required
              {...form.field('password', mode === 'signup' ? `${ids}-password-rule` : undefined)}
            />
            {mode === 'signup' ? (
              <small id={`${ids}-password-rule`} className="shell-login__hint">
                At least {PASSWORD_MIN_LENGTH} characters, and not a common password.
              </small>
            ) : null}
          </div>
          {mode === 'login' ? (
            // A real link to the reset page (it works without scripts); here it opens the same form in the dialog.
            <a
              href="/reset-password"
              className="shell-login__forgot"
              onClick={(event) => {
                event.preventDefault();
                openForgot();
              }}
            >
              Forgot password?
            </a>
          ) : null}
          {/* aria-disabled, not disabled: the focus stays on the button while the request runs. */}
          <button type="submit" className="ms-button shell-login__submit" aria-disabled={busy}>
            {texts.submit}
          </button>
        </form>
      )}
      <button
        type="button"
        className="shell-login__toggle"
        onClick={mode === 'forgot' ? () => setMode('login') : switchMode}
        disabled={busy}
      >
        {texts.toggle}
      </button>
    </Dialog>
  );
}
