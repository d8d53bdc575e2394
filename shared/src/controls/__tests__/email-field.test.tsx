import { render, screen } from '@testing-library/react';
import type { FieldProps } from '@metrology/shared';
import { EmailField } from '../email-field';

const field = (inError: boolean): FieldProps => ({
  id: 'f-email',
  name: 'email',
  value: 'a@b',
  onChange: () => undefined,
  'aria-invalid': inError ? true : undefined,
  'aria-describedby': inError ? 'f-email-error' : undefined,
});

// The field the sign-in, password reset, contact and job application forms share.
describe('EmailField', () => {
  it('is an email input named Email that the browser can fill in', () => {
    render(<EmailField field={field(false)} required />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).toBeRequired();
    expect(input).toHaveValue('a@b');
  });

  it('marks the label with an asterisk that screen readers do not read', () => {
    const { container } = render(<EmailField field={field(false)} marked />);
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toBeRequired();
    expect(container.querySelector('label')).toHaveTextContent('Email *');
    expect(container.querySelector('label span')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the error under the field and ties it to the input', () => {
    render(<EmailField field={field(true)} error="Enter a valid email" errorId="f-email-error" marked />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email');
  });
});
