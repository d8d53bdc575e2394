import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig, type Order } from '@metrology/shared';
import OrdersPage from '../orders-page';
import { formatOrderDate } from '../../features/orders/order-format';
import { GOOD_TOKEN, startFakeShopApi, type FakeShopApi } from '../../test-support/fake-shop-api';
import { renderPage } from '../../test-support/render-page';

let api: FakeShopApi;

beforeAll(async () => {
  api = await startFakeShopApi();
  setRuntimeConfig({ apiBaseUrl: api.url });
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const address = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: '',
  street: '1 Road',
  city: 'Chennai',
  state: 'TN',
  zipcode: '600001',
  country: 'India',
  phone: '123456789',
};

function order(
  id: string,
  date: string,
  status: string,
  items: Order['items'],
  paymentMethod = 'cod',
): Order {
  return {
    _id: id,
    status,
    payment: false,
    paymentMethod,
    date: Date.parse(date),
    items,
    address,
    amount: 0,
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
    const { store } = renderPage(OrdersPage, { path: '/orders' });
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByText('Please login to view orders')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login / Register' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(api.calls).toEqual([]);
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
    renderPage(OrdersPage, { path: '/orders', token: GOOD_TOKEN });
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
    renderPage(OrdersPage, { path: '/orders', token: GOOD_TOKEN });
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
    renderPage(OrdersPage, { path: '/orders', token: GOOD_TOKEN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No Orders Yet' })).toBeInTheDocument();
  });
});
