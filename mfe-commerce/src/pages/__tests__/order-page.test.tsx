import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type OrderDetail } from '@metrology/shared';
import OrderPage from '../order-page';
import { formatOrderDate } from '../../features/orders/order-format';
import { GOOD_TOKEN, makeAddress, withSectionApi, renderSection } from '@metrology/test-kit';

const api = withSectionApi();

const ID = 'abcdefabcdefabcdefabcdef';
const placedAt = Date.parse('2024-06-03T10:30:00Z');

const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  _id: ID,
  number: 100042,
  status: 'shipped',
  payment: false,
  paymentMethod: 'cod',
  date: placedAt,
  items: [
    { _id: 'p1', name: 'Digital Caliper', image: ['/images/products/p1.svg'], price: 120.5, quantity: 3 },
    { _id: 'p2', name: 'Bore Gauge', image: ['/images/products/p2.svg'], price: 80, quantity: 1 },
  ],
  address: makeAddress(),
  amount: 451.5,
  deliveryFee: 10,
  events: [
    { status: 'processing', note: 'Order placed', date: placedAt },
    { status: 'shipped', note: 'Handed to the courier', date: placedAt + 86_400_000 },
  ],
  ...overrides,
});

const renderOrder = (token: string | null = GOOD_TOKEN) =>
  renderSection(<OrderPage />, {
    path: `/orders/${ID}`,
    route: '/orders/:orderId',
    token: token ?? undefined,
    restoreSession: true,
  });

describe('the order page', () => {
  it('shows the receipt: number, placed-at, items, fee, total, address, payment and the timeline', async () => {
    api.orders = [order()];
    renderOrder();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order #100042' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Placed on/)).toHaveTextContent(`Placed on ${formatOrderDate(placedAt)}`);
    const cards = screen.getAllByTestId('order-card');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Digital Caliper',
      'Bore Gauge',
    ]);
    expect(screen.getByTestId('receipt-items')).toHaveTextContent('$441.5');
    expect(screen.getByTestId('receipt-delivery')).toHaveTextContent('$10');
    expect(screen.getByTestId('receipt-total')).toHaveTextContent('$451.5');
    expect(screen.getByTestId('receipt-payment')).toHaveTextContent(
      'Cash on Delivery: To be paid on delivery',
    );
    const address = screen.getByTestId('receipt-address');
    expect(address).toHaveTextContent('Asha Rao');
    expect(address).toHaveTextContent('12 Lake Road');
    expect(address).toHaveTextContent('asha@example.com');
    const steps = within(screen.getByTestId('order-timeline')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      `ProcessingOrder placed${formatOrderDate(placedAt)}`,
      `ShippedHanded to the courier${formatOrderDate(placedAt + 86_400_000)}`,
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('link', { name: 'All my orders' })).toHaveAttribute('href', '/orders');
    expect(api.callsTo(`GET /api/order/${ID}`)[0]?.token).toBe(GOOD_TOKEN);
    expect(document.title).toMatch(/^Order #100042 \|/);
  });

  it('an order without history shows its current status from when it was placed; a paid order says Paid', async () => {
    api.orders = [order({ events: [], status: 'processing', payment: true, paymentMethod: 'razorpay' })];
    renderOrder();
    const timeline = await screen.findByTestId('order-timeline');
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(1);
    expect(timeline).toHaveTextContent(`Processing${formatOrderDate(placedAt)}`);
    expect(screen.getByTestId('receipt-payment')).toHaveTextContent('Razorpay: Paid');
  });

  it('shows a skeleton while the order loads', async () => {
    api.orders = [order()];
    api.override(`GET /api/order/${ID}`, () => ({ delayMs: 300 }));
    renderOrder();
    expect(screen.getByTestId('skeleton')).toHaveTextContent('Loading your order');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order #100042' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton')).not.toBeInTheDocument();
  });

  it("someone else's order (404): Order not found with a way back to the orders", async () => {
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All my orders' })).toHaveAttribute('href', '/orders');
  });

  it('without a token: asks to log in and makes no call', async () => {
    const user = userEvent.setup();
    const { store } = renderOrder(null);
    expect(screen.getByText('Please login to view orders')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login / Register' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(api.calls).toEqual([]);
  });

  it('another failure shows the message with Try Again', async () => {
    const user = userEvent.setup();
    let fail = true;
    api.orders = [order()];
    api.override(`GET /api/order/${ID}`, () =>
      fail
        ? { status: 500, body: { success: false, message: 'Something went wrong. Please try again later.' } }
        : undefined,
    );
    renderOrder();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Please try again later.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order #100042' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
