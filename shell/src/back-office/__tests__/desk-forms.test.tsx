import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeskOrder, OrderPage } from '@metrology/shared/contracts';
import { makeAddress, renderSection, withSectionApi } from '@metrology/test-kit';
import InboxPage from '../inbox-page';
import OrderDeskPage from '../order-desk-page';
import OrdersDeskPage from '../orders-desk-page';

// The desks' fields keep what staff type (uncontrolled): the filters are read from the form when it is sent and
// follow the URL; the note of a move is read when the move is confirmed.

const api = withSectionApi();

const summary = {
  _id: 'ord-1',
  status: 'processing',
  payment: true,
  paymentMethod: 'stripe',
  date: Date.UTC(2025, 2, 3),
  amount: 120,
  itemCount: 1,
  customer: { name: 'Asha', email: 'asha@example.com' },
  shipTo: 'Pune',
  expired: false,
};
const order: DeskOrder = {
  ...summary,
  items: [],
  address: makeAddress(),
  deliveryFee: 0,
  paymentRef: '',
  paymentId: '',
  history: [],
  allowedMoves: ['shipped', 'cancelled'],
};
/** The body of each move posted. */
let moves: unknown[] = [];

beforeEach(() => {
  moves = [];
  api.override('GET /api/user/me', () => ({
    body: {
      success: true,
      user: { _id: 'u1', name: 'Sam', email: 'sam@example.com', role: 'staff', emailVerified: true },
    },
  }));
  api.override('GET /api/staff/orders', (): { body: OrderPage } => ({
    body: { orders: [summary], total: 1, page: 1, limit: 20 },
  }));
  api.override(`GET /api/staff/orders/${order._id}`, () => ({ body: { success: true, order } }));
  api.override(`POST /api/staff/orders/${order._id}/status`, (call) => {
    moves.push(call.body);
    return { body: { success: true, message: 'Order moved.', order } };
  });
  api.override('GET /api/staff/inbox/messages', () => ({
    body: { items: [], total: 0, open: 0, page: 1, limit: 20 },
  }));
});

const staff = { token: 'staff-token' };
const orderCalls = () => api.calls.filter((call) => call.path === '/api/staff/orders');

describe('the orders desk filters', () => {
  it('sends what the fields hold, and the fields follow the URL back and forward', async () => {
    const user = userEvent.setup();
    const page = renderSection(<OrdersDeskPage />, { path: '/back-office/orders', ...staff });
    const form = await screen.findByRole('form', { name: 'Filter orders' });
    await user.selectOptions(within(form).getByLabelText('Status'), 'shipped');
    await user.type(within(form).getByLabelText('Order number, name or e-mail'), '  asha ');
    await user.click(within(form).getByLabelText('Show expired unpaid orders'));
    await user.click(within(form).getByRole('button', { name: 'Show orders' }));
    expect(page.location()).toBe('/back-office/orders?status=shipped&q=asha&expired=include');
    await waitFor(() =>
      expect(Object.fromEntries(orderCalls().at(-1)?.query ?? [])).toMatchObject({
        status: 'shipped',
        q: 'asha',
        expired: 'include',
      }),
    );

    await act(() => page.router.navigate(-1));
    expect(within(form).getByLabelText('Status')).toHaveValue('');
    expect(within(form).getByLabelText('Order number, name or e-mail')).toHaveValue('');
    expect(within(form).getByLabelText('Show expired unpaid orders')).not.toBeChecked();
    await act(() => page.router.navigate('/back-office/orders?from=2025-03-01&q=ord-1&expired=only'));
    expect(within(form).getByLabelText('From (UTC)')).toHaveValue('2025-03-01');
    expect(within(form).getByLabelText('Order number, name or e-mail')).toHaveValue('ord-1');
    expect(within(form).getByLabelText('Show expired unpaid orders')).toBeChecked();
  });
});

describe("an order's moves", () => {
  it('keeps the note typed when the dialog is cancelled, and sends it with the move', async () => {
    const user = userEvent.setup();
    renderSection(<OrderDeskPage />, {
      path: `/back-office/orders/${order._id}`,
      route: '/back-office/orders/:id',
      ...staff,
    });
    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    await user.type(screen.getByLabelText('Note (optional)'), 'Sent by courier');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const note = screen.getByLabelText('Note (optional)');
    expect(note).toHaveValue('Sent by courier');
    await user.type(note, ' today ');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(moves).toEqual([{ status: 'shipped', note: 'Sent by courier today', noteToShopper: true }]),
    );
    // Sent: the next move starts with an empty note.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('');
  });
});

describe('the inbox', () => {
  it('shows what the Show select holds', async () => {
    const user = userEvent.setup();
    renderSection(<InboxPage />, { path: '/back-office/inbox', ...staff });
    const show = await screen.findByLabelText('Show');
    await user.selectOptions(show, 'true');
    expect(show).toHaveValue('true');
    await waitFor(() =>
      expect(
        api.calls
          .filter((call) => call.path === '/api/staff/inbox/messages')
          .at(-1)
          ?.query.get('handled'),
      ).toBe('true'),
    );
  });
});
