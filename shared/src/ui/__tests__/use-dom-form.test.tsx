import { act, type FormEvent } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidEmail } from '../../rules/index';
import { useDomForm } from '../use-dom-form';

// A form whose values live in the page: read with FormData on blur and submit, so text typed before, during or
// after hydration is what is sent, and a render cannot put an old value back.

interface Fields {
  name: string;
  email: string;
  topic: string;
}

const validate = (values: Fields) => ({
  name: values.name.trim() ? undefined : 'Name is required',
  email: isValidEmail(values.email) ? undefined : 'Please enter a valid email',
});

function Form({ onSend }: { onSend: (values: Fields) => void }) {
  const form = useDomForm<Fields>({
    initial: { name: '', email: '', topic: 'Calibration' },
    validate,
    order: ['name', 'email'],
    idPrefix: 'f',
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.check(event.currentTarget);
    if (!values) return;
    onSend(values);
    form.reset(event.currentTarget);
  };
  const row = (name: 'name' | 'email', label: string) => (
    <div>
      <label htmlFor={form.fieldId(name)}>{label}</label>
      <input {...form.field(name)} />
      {form.errors[name] ? <p id={form.errorId(name)}>{form.errors[name]}</p> : null}
    </div>
  );
  return (
    <form onSubmit={submit} noValidate>
      {row('name', 'Name')}
      {row('email', 'Email')}
      <label htmlFor={form.fieldId('topic')}>Topic</label>
      <select {...form.field('topic')}>
        <option>Calibration</option>
        <option>Quotation</option>
      </select>
      <button type="submit">Send</button>
    </form>
  );
}

const field = (name: string) => screen.getByRole(name === 'Topic' ? 'combobox' : 'textbox', { name });

describe('useDomForm', () => {
  it('sends what the page holds; on submit shows each error, focuses the first, and keeps the text', async () => {
    const user = userEvent.setup();
    const onSend = jest.fn();
    render(<Form onSend={onSend} />);
    await user.type(field('Email'), 'asha@example');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).not.toHaveBeenCalled();
    expect(field('Name')).toHaveFocus();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveAccessibleDescription('Name is required');
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email');
    expect(field('Email')).toHaveValue('asha@example');

    await user.type(field('Name'), 'Asha');
    // An edit clears the field's own error only.
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    await user.type(field('Email'), '.com');
    await user.selectOptions(field('Topic'), 'Quotation');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ name: 'Asha', email: 'asha@example.com', topic: 'Quotation' });
    // Reset: the first values, no errors.
    expect(field('Name')).toHaveValue('');
    expect(field('Topic')).toHaveValue('Calibration');
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('checks a field on blur once it has been edited; tabbing through an untouched one says nothing', async () => {
    const user = userEvent.setup();
    render(<Form onSend={() => undefined} />);
    await user.click(field('Name'));
    await user.tab();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    await user.type(field('Email'), 'nope');
    await user.tab();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    // Corrected: the next blur checks it again (it is in error) and the message goes.
    await user.type(field('Email'), '@example.com');
    await user.tab();
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('sends text typed into the server HTML before hydration, with no event React saw', async () => {
    const onSend = jest.fn();
    const element = <Form onSend={onSend} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    // Typed before any script ran: the page has it, React never heard of it.
    (container.querySelector('#f-name') as HTMLInputElement).value = 'Asha Menon';
    (container.querySelector('#f-email') as HTMLInputElement).value = 'asha@example.com';
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, element);
    });
    expect(field('Name')).toHaveValue('Asha Menon');
    await act(async () => {
      screen.getByRole('button', { name: 'Send' }).click();
    });
    expect(onSend).toHaveBeenCalledWith({
      name: 'Asha Menon',
      email: 'asha@example.com',
      topic: 'Calibration',
    });
    act(() => root?.unmount());
    container.remove();
  });
});
