import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type OrderDetail } from '@metrology/shared';
import OrdersPage from '../orders-page';
import { formatOrderDate } from '../../features/orders/order-format';
import { GOOD_TOKEN, makeAddress, withSectionApi, renderSection } from '@metrology/test-kit';

const api = withSectionApi();

const address = makeAddress({ email: '', street: '1 Road', state: 'TN', phone: '123456789' });

function order(
  id: string,
  date: string,
  status: string,
  items: OrderDetail['items'],
  paymentMethod = 'cod',
  number?: number,
): OrderDetail {
  return {
    _id: id,
    status,
    payment: false,
    paymentMethod,
    date: Date.parse(date),
    items,
    address,
    amount: Math.round((items.reduce((sum, i) => sum + i.price * i.quantity, 0) + 10) * 100) / 100,
    number,
    deliveryFee: 10,
    events: [],
  };
}

const item = (id: string, name: string, price: number, quantity: number) => ({
  _id: id,
  name,
  price,
  quantity,
  image: [`/images/products/${id}.svg`],
});

describe('the orders page', () => {
  it('without a token: Please login to view orders, and no call', async () => {
    const user = userEvent.setup();
    const { store } = renderSection(<OrdersPage />, { path: '/orders', restoreSession: true });
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByText('Please login to view orders')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login / Register' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(api.calls).toEqual([]);
  });

  it('orders newest first, each with its number, total, status and link, around the per-item cards', async () => {
    api.orders = [
      order(
        'aaaaaaaaaaaaaaaaaaaaaaaa',
        '2024-03-01T09:15:00Z',
        'delivered',
        [item('a', 'Height Gauge', 1250, 2)],
        'cod',
        100001,
      ),
      order(
        'bbbbbbbbbbbbbbbbbbbbbbbb',
        '2024-05-20T14:05:00Z',
        'shipped',
        [item('b', 'Bore Gauge', 99.5, 3), item('c', 'Caliper', 40, 1)],
        'razorpay',
        100002,
      ),
    ];
    renderSection(<OrdersPage />, { path: '/orders', token: GOOD_TOKEN, restoreSession: true });
    const groups = await screen.findAllByTestId('order-group');
    expect(groups.map((group) => within(group).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Order #100002',
      'Order #100001',
    ]);
    const [newer, older] = groups as [HTMLElement, HTMLElement];
    expect(within(newer).getAllByTestId('order-card')).toHaveLength(2);
    expect(within(newer).getByTestId('order-group-total')).toHaveTextContent('$348.5');
    expect(within(newer).getByRole('link', { name: 'View order #100002' })).toHaveAttribute(
      'href',
      '/orders/bbbbbbbbbbbbbbbbbbbbbbbb',
    );
    expect(within(older).getAllByText('Delivered')[0]).toHaveClass('commerce-status--delivered');
    expect(within(older).getByTestId('order-group-total')).toHaveTextContent('$2,510');
  });

  it('shows a skeleton in the shape of the orders while they load', async () => {
    api.override('POST /api/order/userorders', () => ({ delayMs: 300 }));
    renderSection(<OrdersPage />, { path: '/orders', token: GOOD_TOKEN, restoreSession: true });
    expect(await screen.findByTestId('skeleton')).toHaveTextContent('Loading your orders');
    expect(await screen.findByRole('heading', { name: 'No Orders Yet' })).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton')).not.toBeInTheDocument();
  });

  it('one card per ordered item, newest order first, with every field', async () => {
    api.orders = [
      order('older', '2024-03-01T09:15:00Z', 'Delivered', [item('a', 'Height Gauge', 1250, 2)]),
      order(
        'newer',
        '2024-05-20T14:05:00Z',
        'processing',
        [item('b', 'Bore Gauge', 99.5, 3), item('c', 'Surface Plate', 150000, 1)],
        'razorpay',
      ),
    ];
    renderSection(<OrdersPage />, { path: '/orders', token: GOOD_TOKEN, restoreSession: true });
    const cards = await screen.findAllByTestId('order-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Bore Gauge',
      'Surface Plate',
      'Height Gauge',
    ]);
    const [bore, plate, gauge] = cards as [HTMLElement, HTMLElement, HTMLElement];
    const fact = (card: HTMLElement, term: string) =>
      within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(bore.querySelector('img')).toHaveAttribute('src', `${api.url}/images/products/b.svg`);
    expect(fact(bore, 'Price')).toBe('$99.5');
    expect(fact(bore, 'Quantity')).toBe('3');
    expect(fact(bore, 'Total')).toBe('$298.5');
    expect(fact(bore, 'Order Date')).toBe(formatOrderDate(Date.parse('2024-05-20T14:05:00Z')));
    expect(fact(bore, 'Order Date')).toMatch(/^May 2\d, 2024 at \d{1,2}:\d\d [AP]M$/);
    expect(fact(bore, 'Payment Method')).toBe('Razorpay');
    expect(fact(bore, 'Order ID')).toBe('newer');
    expect(fact(plate, 'Price')).toBe('$1.50 Lac');
    expect(fact(gauge, 'Payment Method')).toBe('Cash on Delivery');
    expect(within(gauge).getByText('Delivered')).toHaveClass('commerce-status--delivered');
    expect(within(bore).getByText('Processing')).toHaveClass('commerce-status--processing');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    expect(api.callsTo('POST /api/order/userorders')[0]?.token).toBe(GOOD_TOKEN);
  });

  it('no orders: No Orders Yet, the SPEC text and Browse Products; no Continue Shopping', async () => {
    renderSection(<OrdersPage />, { path: '/orders', token: GOOD_TOKEN, restoreSession: true });
    expect(await screen.findByRole('heading', { name: 'No Orders Yet' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "You haven't placed any orders yet. Browse our products and make your first purchase!",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('link', { name: 'Continue Shopping' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'the server message',
      {
        status: 503,
        body: {
          success: false,
          message:
            'The shop cannot reach its database right now, and nothing was saved. Please try again in a moment.',
        },
      },
      'The shop cannot reach its database right now, and nothing was saved. Please try again in a moment.',
    ],
    [
      'the error message when the call throws',
      { destroy: true },
      'Network error: the shop could not be reached.',
    ],
  ])('an error shows %s, with Try Again', async (_name, reply, message) => {
    const user = userEvent.setup();
    let fail = true;
    api.override('POST /api/order/userorders', () => (fail ? reply : undefined));
    renderSection(<OrdersPage />, { path: '/orders', token: GOOD_TOKEN, restoreSession: true });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No Orders Yet' })).toBeInTheDocument();
  });
});
