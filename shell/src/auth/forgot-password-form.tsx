import { useId, useState, type FormEvent, type RefObject } from 'react';
import { errorMessage, useDomForm } from '@metrology/shared';
import { EmailField } from '@metrology/shared/controls';
import { useRequestPasswordResetMutation } from './auth-api';

/**
 * "Forgot password?": the account's e-mail, then the server's answer, which is the same whether an account has the
 * address or not. Shown in the login dialog and on /reset-password without a link.
 */
export function ForgotPasswordForm({
  firstField,
  initialEmail = '',
  submitLabel = 'Send reset link',
}: {
  firstField?: RefObject<HTMLInputElement | null>;
  initialEmail?: string;
  submitLabel?: string;
}) {
  const ids = useId();
  const form = useDomForm({ initial: { email: initialEmail }, idPrefix: ids });
  const [request, state] = useRequestPasswordResetMutation();
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.isLoading) return;
    const { email } = form.read(event.currentTarget);
    setProblem('');
    try {
      const result = await request({ email }).unwrap();
      setAnswer(result.message ?? '');
    } catch (error) {
      setProblem(errorMessage(error, 'Something went wrong. Please try again.'));
    }
  };

  if (answer) {
    return (
      <p className="shell-account__answer" role="status">
        {answer}
      </p>
    );
  }
  return (
    <form
      className="shell-login__form"
      onSubmit={(event) => void submit(event)}
      aria-busy={state.isLoading}
      aria-label="Reset your password"
    >
      <EmailField field={form.field('email')} inputRef={firstField} required />
      {problem ? (
        <p className="shell-account__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {/* aria-disabled, not disabled: the focus stays on the button while the request runs. */}
      <button type="submit" className="ms-button shell-login__submit" aria-disabled={state.isLoading}>
        {submitLabel}
      </button>
    </form>
  );
}
