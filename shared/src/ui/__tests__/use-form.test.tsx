import type { FormEvent } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidEmail } from '../../rules/index';
import { useForm } from '../use-form';

interface Fields {
  name: string;
  email: string;
  note: string;
}

const validate = (values: Fields) => ({
  name: values.name.trim() ? undefined : 'Name is required',
  email: isValidEmail(values.email) ? undefined : 'Please enter a valid email',
});

function Form({ onSend }: { onSend: (values: Fields) => void }) {
  const form = useForm<Fields>({ initial: { name: '', email: '', note: '' }, validate, idPrefix: 'f' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    onSend(form.values);
    form.reset();
  };
  const row = (name: keyof Fields, label: string) => (
    <div>
      <label htmlFor={form.fieldId(name)}>{label}</label>
      <input {...form.field(name, name === 'note' ? 'f-note-hint' : undefined)} />
      {form.errors[name] ? <p id={form.errorId(name)}>{form.errors[name]}</p> : null}
    </div>
  );
  return (
    <form onSubmit={submit} noValidate>
      {row('name', 'Name')}
      {row('email', 'Email')}
      {row('note', 'Note')}
      <p id="f-note-hint">Optional</p>
      <button type="submit">Send</button>
    </form>
  );
}

// The behaviours of the form state it replaces (enquiry dialog, contact form).
describe('useForm', () => {
  it('on submit shows each error tied to its field, focuses the first, and clears one error as its field is edited', async () => {
    const user = userEvent.setup();
    const onSend = jest.fn();
    render(<Form onSend={onSend} />);
    expect(screen.getByLabelText('Note')).toHaveAttribute('aria-describedby', 'f-note-hint');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).not.toHaveBeenCalled();
    const name = screen.getByLabelText('Name');
    const email = screen.getByLabelText('Email');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(email).toHaveAccessibleDescription('Please enter a valid email');
    expect(screen.getByLabelText('Note')).not.toHaveAttribute('aria-invalid');

    await user.type(email, 'a');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(name).toHaveFocus();
    await user.type(name, 'Asha');
    await user.clear(email);
    await user.type(email, 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ name: 'Asha', email: 'asha@example.com', note: '' });
    expect(name).toHaveValue('');
    expect(email).toHaveValue('');
  });
});
