import { useId, useRef, useState, type FormEvent } from 'react';
import {
  PASSWORD_MIN_LENGTH,
  Spinner,
  errorMessage,
  loginDialogOpened,
  notify,
  selectToken,
  sessionEnded,
  useAppDispatch,
  useAppSelector,
  useDomForm,
  usePageHead,
} from '@metrology/shared';
import { useResetPasswordMutation } from '../auth/auth-api';
import { ForgotPasswordForm } from '../auth/forgot-password-form';
import { useLinkToken } from './use-link-token';
import './account.css';

/** The password rule with its list of common passwords: fetched when this page is used, as in sign-up. */
const loadPasswordRule = () => import('@metrology/shared/password');

const MISMATCH = 'The two passwords do not match';

/** The new password, twice; checked with the shop's rule before the link is spent. */
function NewPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const ids = useId();
  const form = useDomForm({
    initial: { password: '', confirm: '' },
    idPrefix: ids,
    validate: (values) => ({ confirm: values.confirm === values.password ? undefined : MISMATCH }),
  });
  const [reset, state] = useResetPasswordMutation();
  const [problem, setProblem] = useState('');
  const submitting = useRef(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const values = form.check(event.currentTarget);
    if (!values) return;
    submitting.current = true;
    setProblem('');
    try {
      const { passwordProblem } = await loadPasswordRule();
      const weak = passwordProblem(values.password);
      if (weak) {
        form.setErrors({ password: weak });
        document.getElementById(form.fieldId('password'))?.focus();
        return;
      }
      const result = await reset({ token, password: values.password }).unwrap();
      onDone(result.message ?? '');
    } catch (error) {
      setProblem(errorMessage(error, 'Something went wrong. Please try again.'));
    } finally {
      submitting.current = false;
    }
  };

  const error = (name: 'password' | 'confirm') =>
    form.errors[name] ? (
      <small id={form.errorId(name)} className="ms-field__error">
        {form.errors[name]}
      </small>
    ) : null;

  return (
    <form
      className="shell-login__form"
      onSubmit={(event) => void submit(event)}
      aria-busy={state.isLoading}
      noValidate
    >
      <div className="ms-field">
        <label htmlFor={form.fieldId('password')}>New password</label>
        <input
          className="ms-input"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('password', `${ids}-rule`)}
        />
        {error('password')}
        <small id={`${ids}-rule`} className="shell-login__hint">
          At least {PASSWORD_MIN_LENGTH} characters, and not a common password.
        </small>
      </div>
      <div className="ms-field">
        <label htmlFor={form.fieldId('confirm')}>Repeat the new password</label>
        <input
          className="ms-input"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('confirm')}
        />
        {error('confirm')}
      </div>
      {problem ? (
        <p className="shell-account__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="ms-button shell-login__submit" aria-disabled={state.isLoading}>
        Set new password
      </button>
    </form>
  );
}

/** /reset-password: with the link's token, a new password; without one, the "Forgot password?" form. */
export default function ResetPasswordPage() {
  usePageHead({
    title: 'Reset your password',
    description: 'Choose a new password for your account with the link we e-mailed you.',
  });
  const token = useLinkToken();
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectToken);
  const [done, setDone] = useState('');

  const finished = (message: string) => {
    setDone(message);
    notify.success(message);
    // The reset ended every session of the account, this browser's too.
    if (session) dispatch(sessionEnded());
  };

  return (
    <div className="ms-page shell-account">
      <div className="shell-login shell-account__card">
        <h1 className="shell-login__title">Reset your password</h1>
        {token === undefined ? (
          <Spinner label="Reading the link" />
        ) : done ? (
          <>
            <p className="shell-account__answer" role="status">
              {done}
            </p>
            <button
              type="button"
              className="ms-button shell-login__submit"
              onClick={() => dispatch(loginDialogOpened())}
            >
              Log in
            </button>
          </>
        ) : token ? (
          <>
            <p className="shell-login__subtitle">Choose a new password for your account.</p>
            <NewPasswordForm token={token} onDone={finished} />
          </>
        ) : (
          <>
            <p className="shell-login__subtitle">
              Enter your account&apos;s e-mail and we will send you a link to choose a new password.
            </p>
            <ForgotPasswordForm />
          </>
        )}
      </div>
    </div>
  );
}
