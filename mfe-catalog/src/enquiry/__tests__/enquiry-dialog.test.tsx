import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enqueueSnackbar } from 'notistack';
import { ENQUIRY_MESSAGES, createShopStore } from '@metrology/shared';
import { EnquiryDialog } from '../enquiry-dialog';
import { renderSection, startSectionApi, type FakeApi } from '@metrology/test-kit';

jest.mock('notistack', () => ({ ...jest.requireActual('notistack'), enqueueSnackbar: jest.fn() }));

let api: FakeApi;
beforeAll(async () => {
  api = await startSectionApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset([]);
  localStorage.clear();
  jest.mocked(enqueueSnackbar).mockClear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Send Enquiry
      </button>
      <EnquiryDialog
        open={open}
        onClose={() => setOpen(false)}
        productId="p-42"
        productName="Bridge CMM 575"
      />
    </>
  );
}

async function openDialog(store = createShopStore()) {
  const user = userEvent.setup();
  renderSection([{ path: '/', element: <Harness /> }], { path: '/', store: store });
  await user.click(screen.getByRole('button', { name: 'Send Enquiry' }));
  const dialog = screen.getByRole('dialog', { name: 'Send Enquiry' });
  return { user, dialog, store };
}

const toasts = () =>
  jest.mocked(enqueueSnackbar).mock.calls.map(([message, options]) => [message, options?.variant]);
const enquiryCalls = () => api.calls.filter((c) => c.path === '/api/enquiry/submit');

async function fillValid(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const d = within(dialog);
  await user.type(d.getByLabelText('Email'), 'buyer@example.com');
  await user.type(d.getByLabelText('Mobile Number'), '+91 98765 43210');
  await user.type(d.getByLabelText('Country'), 'India');
}

describe('the enquiry dialog', () => {
  it('has every field of SPEC with quantity defaulting to 1 (minimum 1), focused on the first field', async () => {
    const { dialog } = await openDialog();
    const d = within(dialog);
    expect(d.getByText('Bridge CMM 575')).toBeInTheDocument();
    for (const label of ['Email', 'Mobile Number', 'Country'])
      expect(d.getByLabelText(label)).toHaveValue('');
    expect(d.getByLabelText(/Company Name/)).toHaveValue('');
    expect(d.getByLabelText(/Purpose/)).toHaveValue('');
    expect(d.getByLabelText(/Requirement Details/)).toHaveValue('');
    expect(d.getByLabelText('Quantity')).toHaveValue(1);
    expect(d.getByLabelText('Quantity')).toHaveAttribute('min', '1');
    expect(d.getByLabelText('Email')).toHaveFocus();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
  });

  it('shows the required messages, the form toast, and sends nothing', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Enquiry' }));
    const d = within(dialog);
    expect(d.getByText(ENQUIRY_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(d.getByText('Email is required')).toBeInTheDocument();
    expect(d.getByText('Mobile number is required')).toBeInTheDocument();
    expect(d.getByText('Country is required')).toBeInTheDocument();
    expect(d.queryByText('Please enter a valid quantity')).not.toBeInTheDocument();
    expect(d.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(d.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(d.getByLabelText('Email')).toHaveFocus();
    expect(toasts()).toEqual([['Please correct the errors in the form', 'error']]);
    expect(enquiryCalls()).toEqual([]);
  });

  // Each field's SPEC message, and the values it refuses.
  const REFUSED: Record<string, { message: string; values: string[] }> = {
    Email: { message: 'Please enter a valid email address', values: ['not-an-address'] },
    Quantity: { message: 'Please enter a valid quantity', values: ['0', '-2', '1.5'] },
    'Mobile Number': { message: 'Please enter a valid mobile number', values: ['12-34', '98765abc43'] },
  };
  const refusals = Object.entries(REFUSED).flatMap(([label, { message, values }]) =>
    values.map((value) => ({ label, value, message })),
  );

  it.each(refusals)('$label "$value" -> "$message"', async ({ label, value, message }) => {
    const { user, dialog } = await openDialog();
    await fillValid(user, dialog);
    const input = within(dialog).getByLabelText(label);
    await user.clear(input);
    await user.type(input, value);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Enquiry' }));
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(enquiryCalls()).toEqual([]);
  });

  it('clears a field error when that field is edited, and only that one', async () => {
    const { user, dialog } = await openDialog();
    const d = within(dialog);
    await user.click(d.getByRole('button', { name: 'Submit Enquiry' }));
    await user.type(d.getByLabelText('Mobile Number'), '9');
    expect(d.queryByText('Mobile number is required')).not.toBeInTheDocument();
    expect(d.getByText('Email is required')).toBeInTheDocument();
    expect(d.getByText('Country is required')).toBeInTheDocument();
    expect(d.getByLabelText('Mobile Number')).not.toHaveAttribute('aria-invalid');
  });

  it('sends the enquiry with userId when logged in, shows Submitting..., then closes, toasts and resets', async () => {
    localStorage.setItem('token', 'session-token');
    const { user, dialog } = await openDialog(createShopStore());
    const d = within(dialog);
    await fillValid(user, dialog);
    await user.clear(d.getByLabelText('Quantity'));
    await user.type(d.getByLabelText('Quantity'), '3');
    await user.type(d.getByLabelText(/Company Name/), 'Precision Parts Ltd');
    await user.type(d.getByLabelText(/Purpose/), 'New line');
    await user.type(d.getByLabelText(/Requirement Details/), 'Two units with NABL certificates');

    api.held.add('POST /api/enquiry/submit');
    await user.click(d.getByRole('button', { name: 'Submit Enquiry' }));
    const busy = await d.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    await waitFor(() => expect(enquiryCalls()).toHaveLength(1));
    api.release();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts()).toEqual([['Enquiry submitted successfully! We will contact you soon.', 'success']]);
    expect(enquiryCalls()[0]?.body).toEqual({
      productId: 'p-42',
      productName: 'Bridge CMM 575',
      email: 'buyer@example.com',
      quantity: 3,
      companyName: 'Precision Parts Ltd',
      mobileNo: '+91 98765 43210',
      country: 'India',
      purpose: 'New line',
      requirementDetails: 'Two units with NABL certificates',
      userId: 'session-token',
    });
    expect(enquiryCalls()[0]?.token).toBe('session-token');
    // Focus is back on the button that opened it; the form starts again from its defaults.
    expect(screen.getByRole('button', { name: 'Send Enquiry' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }));
    const again = within(screen.getByRole('dialog'));
    expect(again.getByLabelText('Email')).toHaveValue('');
    expect(again.getByLabelText('Quantity')).toHaveValue(1);
  });

  it('sends no userId for guests', async () => {
    const { user, dialog } = await openDialog();
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Enquiry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(enquiryCalls()[0]?.body).not.toHaveProperty('userId');
    expect(enquiryCalls()[0]?.token).toBeUndefined();
  });

  it.each([
    [
      { kind: 'refuse', status: 400, message: 'Please enter a valid mobile number' } as const,
      'Please enter a valid mobile number',
    ],
    [{ kind: 'refuse', status: 200 } as const, 'Failed to submit enquiry'],
    [{ kind: 'refuse', status: 500 } as const, 'Failed to submit enquiry'],
  ])(
    'a refusal (%j) shows "%s" and keeps the dialog open with what was typed',
    async (behaviour, message) => {
      api.enquiry = behaviour;
      const { user, dialog } = await openDialog();
      await fillValid(user, dialog);
      await user.click(within(dialog).getByRole('button', { name: 'Submit Enquiry' }));
      await waitFor(() => expect(toasts()).toEqual([[message, 'error']]));
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Email')).toHaveValue('buyer@example.com');
      expect(await within(dialog).findByRole('button', { name: 'Submit Enquiry' })).toBeEnabled();
    },
  );

  it('an exception shows "Something went wrong. Please try again later." and stays open', async () => {
    api.enquiry = { kind: 'drop' };
    const { user, dialog } = await openDialog();
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Enquiry' }));
    await waitFor(() =>
      expect(toasts()).toEqual([['Something went wrong. Please try again later.', 'error']]),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('traps focus, closes on Escape and gives focus back to the opener', async () => {
    const { user, dialog } = await openDialog();
    const d = within(dialog);
    expect(d.getByLabelText('Email')).toHaveFocus();
    await user.tab({ shift: true });
    expect(d.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    // Last in the dialog, for a visitor who is not logged in: the way to the shell's login dialog.
    expect(d.getByRole('button', { name: 'Log in to link this enquiry to it' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(d.getByRole('button', { name: 'Submit Enquiry' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(d.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(d.getByLabelText('Email')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Enquiry' })).toHaveFocus();
  });

  it('closes with the Close and Cancel buttons', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps what was typed when closed unsent, for the next opening', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'kept@example.com');
    await user.type(within(dialog).getByLabelText(/Company Name/), 'Precision Works');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }));
    const again = within(screen.getByRole('dialog'));
    expect(again.getByLabelText('Email')).toHaveValue('kept@example.com');
    expect(again.getByLabelText(/Company Name/)).toHaveValue('Precision Works');
    expect(again.getByLabelText('Quantity')).toHaveValue(1);
  });
});
