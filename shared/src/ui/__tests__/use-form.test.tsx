import { useState, type FormEvent } from 'react';
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

/** A field whose value the form does not hold (a file input, the way the careers resume is kept). */
function FileForm() {
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<{ title: string }, 'attachment'>({
    initial: { title: '' },
    validate: (values) => ({
      title: values.title ? undefined : 'Title is required',
      attachment: file ? undefined : 'Attachment is required',
    }),
    order: ['attachment', 'title'],
    idPrefix: 'g',
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.check();
      }}
    >
      <label htmlFor={form.fieldId('title')}>Title</label>
      <input {...form.field('title')} />
      <label htmlFor={form.fieldId('attachment')}>Attachment</label>
      <input
        id={form.fieldId('attachment')}
        type="file"
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          form.clearError('attachment');
        }}
        {...form.aria('attachment', 'g-attachment-hint')}
      />
      <p id="g-attachment-hint">PDF only</p>
      {form.errors.attachment ? <p id={form.errorId('attachment')}>{form.errors.attachment}</p> : null}
      <button type="submit">Send</button>
    </form>
  );
}

describe('useForm with a field it does not hold', () => {
  it('ties the field to its error before its hint, focuses it first by the order given, and clears it on demand', async () => {
    const user = userEvent.setup();
    render(<FileForm />);
    const attachment = screen.getByLabelText('Attachment');
    expect(attachment).toHaveAccessibleDescription('PDF only');
    expect(attachment).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(attachment).toHaveFocus();
    expect(attachment).toHaveAttribute('aria-invalid', 'true');
    expect(attachment).toHaveAccessibleDescription('Attachment is required PDF only');
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    await user.upload(attachment, new File(['x'], 'a.pdf'));
    expect(attachment).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Attachment is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
  });
});

function Unchecked({ onSend }: { onSend: (values: { email: string }) => void }) {
  const form = useForm({ initial: { email: '' } });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (form.check()) onSend(form.values);
      }}
    >
      <label htmlFor={form.fieldId('email')}>Email</label>
      <input type="email" required {...form.field('email')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useForm without a validator', () => {
  it('holds the values with unique ids and lets every submit through (the browser checks the fields)', async () => {
    const user = userEvent.setup();
    const onSend = jest.fn();
    render(
      <>
        <Unchecked onSend={onSend} />
        <Unchecked onSend={() => undefined} />
      </>,
    );
    const [first, second] = screen.getAllByLabelText('Email');
    expect(first?.id).not.toBe(second?.id);
    await user.click(screen.getAllByRole('button', { name: 'Send' })[0] as HTMLElement);
    expect(onSend).toHaveBeenLastCalledWith({ email: '' });
    await user.type(first as HTMLElement, 'asha@example.com');
    await user.click(screen.getAllByRole('button', { name: 'Send' })[0] as HTMLElement);
    expect(onSend).toHaveBeenLastCalledWith({ email: 'asha@example.com' });
  });
});
