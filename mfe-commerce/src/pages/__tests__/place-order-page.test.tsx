import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { setRuntimeConfig, type SavedAddress } from '@metrology/shared';
import PlaceOrderPage from '../place-order-page';
import type { RazorpayOptions } from '../../features/checkout/razorpay-checkout';
import {
  GOOD_TOKEN,
  makeProduct,
  makeSavedAddress,
  withSectionApi,
  testId,
  renderSection,
} from '@metrology/test-kit';

const A = testId('a');
const B = testId('b');

const api = withSectionApi();
beforeEach(() => {
  setRuntimeConfig({ apiBaseUrl: api.url, deliveryFee: 25 });
  api.products = [
    makeProduct({ _id: A, image: [`/images/products/${A}.svg`], name: 'Digital Height Gauge', price: 1250 }),
    makeProduct({ _id: B, image: [`/images/products/${B}.svg`], name: 'Bore Gauge', price: 99.5 }),
  ];
  delete window.Razorpay;
});

const HOME: SavedAddress = makeSavedAddress('addr-home');
const WORKS: SavedAddress = { ...HOME, _id: 'addr-works', street: '4 Industrial Estate', city: 'Coimbatore' };

const NEW_ADDRESS: Record<string, string> = {
  'First Name': 'Ravi',
  'Last Name': 'Kumar',
  'Street Address': '7 Mill Street',
  City: 'Bangalore',
  State: 'Karnataka',
  'PIN Code': '560001',
  Country: 'India',
  'Phone Number': '+91 90000 11111',
};

async function fillAddress(user: UserEvent, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

/** A logged-in shopper with a server cart of 2 x a and 1 x b. */
async function loggedIn(addresses: SavedAddress[] = [HOME, WORKS]) {
  api.serverCart = { [A]: 2, [B]: 1 };
  api.addresses = addresses;
  const view = renderSection(<PlaceOrderPage />, {
    path: '/place-order',
    token: GOOD_TOKEN,
    restoreSession: true,
  });
  await screen.findByRole('heading', { level: 1, name: 'Delivery Information' });
  await screen.findAllByTestId('summary-item');
  return view;
}

const placeOrder = () => screen.getByRole('button', { name: 'Place Order' });

describe('checkout: what it shows', () => {
  it('saved addresses as a radio group of cards, none chosen at first; choosing one highlights it', async () => {
    const user = userEvent.setup();
    await loggedIn();
    const group = await screen.findByRole('group', { name: 'Saved addresses' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    await user.click(within(group).getByText('4 Industrial Estate'));
    expect(radios[1]).toBeChecked();
    expect(screen.getAllByTestId('address-card')[1]).toHaveClass('commerce-address-card--selected');
    expect(screen.getAllByTestId('address-card')[0]).not.toHaveClass('commerce-address-card--selected');
  });

  it('Add New Address opens the form with every field and label; the button then reads Back to saved addresses', async () => {
    const user = userEvent.setup();
    await loggedIn();
    await user.click(await screen.findByRole('button', { name: 'Add New Address' }));
    const form = screen.getByTestId('address-form');
    for (const label of [
      'First Name',
      'Last Name',
      'Email Address',
      'Street Address',
      'City',
      'State',
      'PIN Code',
      'Country',
      'Phone Number',
    ]) {
      expect(within(form).getByLabelText(label)).toBeRequired();
    }
    expect(within(form).getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    await user.click(screen.getByRole('button', { name: 'Back to saved addresses' }));
    expect(screen.queryByTestId('address-form')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Saved addresses' })).toBeInTheDocument();
  });

  it('payment methods: razorpay, Cash on Delivery (chosen), Stripe disabled (Coming Soon)', async () => {
    await loggedIn();
    const methods = screen.getByRole('group', { name: 'Payment Method' });
    expect(within(methods).getByRole('radio', { name: /Razorpay/ })).not.toBeChecked();
    expect(within(methods).getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
    const stripe = within(methods).getByRole('radio', { name: 'Stripe (Coming Soon)' });
    expect(stripe).toBeDisabled();
  });

  it('the Order Summary: each item with Qty and line total, Subtotal, Shipping = the delivery fee, Total', async () => {
    await loggedIn();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    const items = within(summary).getAllByTestId('summary-item');
    expect(items[0]).toHaveTextContent('Digital Height Gauge');
    expect(items[0]).toHaveTextContent('Qty: 2');
    expect(items[0]).toHaveTextContent('$2,500');
    expect(items[1]).toHaveTextContent('Qty: 1');
    expect(items[1]).toHaveTextContent('$99.5');
    expect(within(summary).getByRole('region', { name: 'Items in your order' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(within(summary).getByTestId('checkout-subtotal')).toHaveTextContent('$2,599.5');
    expect(within(summary).getByTestId('checkout-shipping')).toHaveTextContent('$25');
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('$2,624.5');
  });

  it('without saved addresses the form is open at once and there is nothing to toggle', async () => {
    await loggedIn([]);
    expect(await screen.findByTestId('address-form')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Address' })).not.toBeInTheDocument();
  });
});

describe('checkout: rules and messages', () => {
  it('an empty cart: the message and back to /cart', async () => {
    renderSection(<PlaceOrderPage />, { path: '/place-order', token: GOOD_TOKEN, restoreSession: true });
    expect(
      await screen.findByText('Your cart is empty. Please add items before checkout.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
  });

  it('a guest: the login dialog opens through the store; Place Order asks to log in and sends nothing', async () => {
    const user = userEvent.setup();
    const { store } = renderSection(<PlaceOrderPage />, {
      path: '/place-order',
      guestCart: { [A]: 1 },
      restoreSession: true,
    });
    await screen.findAllByTestId('summary-item');
    await waitFor(() => expect(store.getState().ui.loginDialogOpen).toBe(true));
    expect(api.callsTo('GET /api/address/get')).toEqual([]);
    await user.click(placeOrder());
    expect(await screen.findAllByText('Please login to proceed with checkout')).not.toHaveLength(0);
    expect(api.calls.filter((c) => c.path.startsWith('/api/order/'))).toEqual([]);
  });

  it('no address chosen: Please select an address or add a new one', async () => {
    const user = userEvent.setup();
    await loggedIn();
    await screen.findByRole('group', { name: 'Saved addresses' });
    await user.click(placeOrder());
    expect(await screen.findByText('Please select an address or add a new one')).toBeInTheDocument();
    expect(api.callsTo('POST /api/order/place')).toEqual([]);
  });

  it('Save Address with a field missing: Please fill all required fields, nothing sent, the field marked', async () => {
    const user = userEvent.setup();
    await loggedIn([]);
    await fillAddress(user, { ...NEW_ADDRESS, City: '' });
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Please fill all required fields')).toBeInTheDocument();
    expect(api.callsTo('POST /api/address/save')).toEqual([]);
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('City')).toHaveFocus();
    expect(screen.getByLabelText('Email Address')).not.toHaveAttribute('aria-invalid');
  });

  it('Save Address (email not checked) sends address + userId, leaves form mode and selects the new address', async () => {
    const user = userEvent.setup();
    await loggedIn([HOME]);
    await user.click(await screen.findByRole('button', { name: 'Add New Address' }));
    // The prefilled account e-mail is cleared: an address saves without one.
    await fillAddress(user, { ...NEW_ADDRESS, 'Email Address': '' });
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Address saved successfully')).toBeInTheDocument();
    const [saveCall] = api.callsTo('POST /api/address/save');
    expect(saveCall?.body).toEqual({
      userId: GOOD_TOKEN,
      address: {
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: '',
        street: '7 Mill Street',
        city: 'Bangalore',
        state: 'Karnataka',
        zipcode: '560001',
        country: 'India',
        phone: '+91 90000 11111',
      },
    });
    expect(screen.queryByTestId('address-form')).not.toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Saved addresses' });
    const chosen = within(group).getByRole('radio', { checked: true });
    expect(chosen).toHaveAttribute('value', 'addr-new-1');
    expect(chosen).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Add New Address' })).toBeInTheDocument();
  });

  it.each([
    [
      'the server message',
      { status: 400, body: { success: false, message: 'You can save at most 50 addresses' } },
      'You can save at most 50 addresses',
    ],
    ['Failed to save address without one', { status: 500 }, 'Failed to save address'],
    ['Failed to save address when the connection drops', { destroy: true }, 'Failed to save address'],
  ])('a refused save shows %s and stays in form mode', async (_name, reply, message) => {
    const user = userEvent.setup();
    await loggedIn([]);
    api.override('POST /api/address/save', () => reply);
    await fillAddress(user, NEW_ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('address-form')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveValue('Bangalore');
  });

  it.each([
    [
      'the server message',
      { status: 500, body: { success: false, message: 'Address book offline' } },
      'Address book offline',
    ],
    ['Failed to fetch addresses without one', { status: 502 }, 'Failed to fetch addresses'],
    [
      'Failed to fetch saved addresses on a thrown error',
      { destroy: true },
      'Failed to fetch saved addresses',
    ],
  ])('a failed address fetch shows %s; the form is still there', async (_name, reply, message) => {
    api.override('GET /api/address/get', () => reply);
    api.serverCart = { [A]: 1 };
    renderSection(<PlaceOrderPage />, { path: '/place-order', token: GOOD_TOKEN, restoreSession: true });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByTestId('address-form')).toBeInTheDocument();
  });
});

describe('checkout: a returning buyer', () => {
  it('the only saved address is selected: Place Order works in one click', async () => {
    const user = userEvent.setup();
    await loggedIn([HOME]);
    const group = await screen.findByRole('group', { name: 'Saved addresses' });
    await waitFor(() => expect(within(group).getByRole('radio')).toBeChecked());
    expect(screen.getByTestId('address-card')).toHaveClass('commerce-address-card--selected');
    await user.click(placeOrder());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST /api/order/place')[0]?.body).toMatchObject({ address: HOME });
  });

  it('Place Order pressed while the saved addresses load: the order goes once they are there', async () => {
    const user = userEvent.setup();
    api.held.add('GET /api/address');
    await loggedIn([HOME]);
    await screen.findByText('Loading your saved addresses');
    await user.click(placeOrder());
    expect(api.callsTo('POST /api/order/place')).toHaveLength(0);
    act(() => api.release());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST /api/order/place')).toHaveLength(1);
    expect(api.callsTo('POST /api/order/place')[0]?.body).toMatchObject({ address: HOME });
  });

  it("a new address starts with the account's e-mail, which the shopper may change", async () => {
    const user = userEvent.setup();
    api.accountEmail = 'meera@example.com';
    await loggedIn([]);
    const email = await screen.findByLabelText('Email Address');
    await waitFor(() => expect(email).toHaveValue('meera@example.com'));
    await user.clear(email);
    await user.type(email, 'orders@works.example');
    expect(email).toHaveValue('orders@works.example');
  });
});

describe('checkout: placing the order', () => {
  it("cash on delivery: sends address, items and amount; toast, cart forgotten, the order's page", async () => {
    const user = userEvent.setup();
    const { store } = await loggedIn();
    await user.click(await screen.findByText('12 Lake Road'));
    await user.click(placeOrder());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders\/order-\d+$/));
    expect(store.getState().cart.items).toEqual({});
    const [call] = api.callsTo('POST /api/order/place');
    expect(call?.token).toBe(GOOD_TOKEN);
    expect(call?.body).toMatchObject({
      address: HOME,
      amount: 2624.5,
      items: [
        {
          _id: A,
          name: 'Digital Height Gauge',
          price: 1250,
          quantity: 2,
          image: [`/images/products/${A}.svg`],
        },
        { _id: B, name: 'Bore Gauge', price: 99.5, quantity: 1 },
      ],
    });
    // The emptied cart is the order's doing, not a reason to send the shopper back to the cart.
    expect(
      screen.queryByText('Your cart is empty. Please add items before checkout.'),
    ).not.toBeInTheDocument();
  });

  it('a double click places one order', async () => {
    const user = userEvent.setup();
    api.override('POST /api/order/place', () => undefined);
    await loggedIn();
    await user.click(await screen.findByText('12 Lake Road'));
    await user.dblClick(placeOrder());
    await screen.findByText('Order placed successfully!');
    expect(api.callsTo('POST /api/order/place')).toHaveLength(1);
  });

  it('two clicks in the same frame (before any re-render) still place one order', async () => {
    api.override('POST /api/order/place', () => ({ delayMs: 100 }));
    const user = userEvent.setup();
    await loggedIn();
    await user.click(await screen.findByText('12 Lake Road'));
    const button = placeOrder();
    act(() => {
      button.click();
      button.click();
      button.click();
    });
    await screen.findByText('Order placed successfully!');
    expect(api.callsTo('POST /api/order/place')).toHaveLength(1);
  });

  it('sends an Idempotency-Key and an X-Request-Id with the order', async () => {
    const user = userEvent.setup();
    await loggedIn();
    await user.click(await screen.findByText('12 Lake Road'));
    await user.click(placeOrder());
    await screen.findByText('Order placed successfully!');
    const [call] = api.callsTo('POST /api/order/place');
    expect(call?.idempotencyKey).toMatch(/^key-[0-9a-f]{32}$/);
    expect(call?.requestId).toMatch(/^web-[0-9a-f]{32}$/);
  });

  it('an order placed whose answer was lost: Place Order again sends the same key and one order is stored', async () => {
    const user = userEvent.setup();
    const { store } = await loggedIn();
    await user.click(await screen.findByText('12 Lake Road'));
    // The API stores the order, then the connection drops before the shopper's browser gets the answer.
    api.override('POST /api/order/place', () => ({ lose: true }));
    await user.click(placeOrder());
    expect(await screen.findByText('Network error: the shop could not be reached.')).toBeInTheDocument();
    expect(api.orders).toHaveLength(1);
    expect(store.getState().cart.items).toEqual({ [A]: 2, [B]: 1 });

    api.override('POST /api/order/place', () => undefined);
    await user.click(placeOrder());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    const [first, second] = api.callsTo('POST /api/order/place');
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(second?.requestId).not.toBe(first?.requestId);
    expect(api.orders).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/orders/${api.orders[0]?._id ?? ''}`),
    );
  });

  it('a changed order after a failure is a new attempt with a new key', async () => {
    const user = userEvent.setup();
    await loggedIn();
    await user.click(await screen.findByText('12 Lake Road'));
    api.override('POST /api/order/place', () => ({
      status: 503,
      body: { success: false, message: 'The shop is busy. Please try again.' },
    }));
    await user.click(placeOrder());
    await screen.findByText('The shop is busy. Please try again.');
    api.override('POST /api/order/place', () => undefined);
    await user.click(screen.getByText('4 Industrial Estate'));
    await user.click(placeOrder());
    await screen.findByText('Order placed successfully!');
    const [first, second] = api.callsTo('POST /api/order/place');
    expect(first?.idempotencyKey).toMatch(/^key-/);
    expect(second?.idempotencyKey).toMatch(/^key-/);
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
    expect(second?.body).toMatchObject({ address: WORKS });
  });

  it('with the new-address form open, the order goes to the typed address', async () => {
    const user = userEvent.setup();
    await loggedIn([]);
    await fillAddress(user, { ...NEW_ADDRESS, 'Email Address': 'ravi@example.com' });
    await user.click(placeOrder());
    await screen.findByText('Order placed successfully!');
    expect(api.callsTo('POST /api/order/place')[0]?.body).toMatchObject({
      address: { firstName: 'Ravi', city: 'Bangalore', email: 'ravi@example.com' },
    });
  });

  it.each([
    [
      'the server message',
      {
        status: 400,
        body: {
          success: false,
          message: 'Some items in your cart are no longer available. Please review your cart.',
        },
      },
      'Some items in your cart are no longer available. Please review your cart.',
    ],
    [
      'the error message when the call throws',
      { destroy: true },
      'Network error: the shop could not be reached.',
    ],
  ])('a failed order shows %s; the cart stays and Place Order works again', async (_name, reply, message) => {
    const user = userEvent.setup();
    const { store } = await loggedIn();
    await user.click(await screen.findByText('12 Lake Road'));
    api.override('POST /api/order/place', () => reply);
    await user.click(placeOrder());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(store.getState().cart.items).toEqual({ [A]: 2, [B]: 1 });
    expect(screen.getByTestId('location')).toHaveTextContent('/place-order');
    // Live again for another try: the message and the request's end are two updates React may commit apart.
    await waitFor(() => expect(placeOrder()).toHaveAttribute('aria-disabled', 'false'));
    api.override('POST /api/order/place', () => undefined);
    await user.click(placeOrder());
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
  });

  it("razorpay with the sandbox: an accessible dialog with the amount; Pay, verify with userId, the order's page", async () => {
    const user = userEvent.setup();
    const { store } = await loggedIn();
    await user.click(await screen.findByText('12 Lake Road'));
    await user.click(screen.getByRole('radio', { name: /Razorpay/ }));
    await user.click(placeOrder());
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Local sandbox payment provider');
    expect(within(dialog).getByTestId('sandbox-amount')).toHaveTextContent('$2,624.50');
    expect(within(dialog).getByRole('button', { name: 'Pay' })).toHaveFocus();
    expect(api.callsTo('POST /api/order/razorpay')[0]?.body).toMatchObject({ amount: 2624.5, address: HOME });

    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Payment successful! Your order has been placed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders\/order-rzp$/));
    expect(api.callsTo('POST /api/payments/sandbox/razorpay/pay')[0]?.body).toEqual({
      order_id: 'order_sbx_1',
    });
    expect(api.callsTo('POST /api/order/verifyRazorpay')[0]?.body).toEqual({
      razorpay_order_id: 'order_sbx_1',
      razorpay_payment_id: 'pay_sbx_1',
      razorpay_signature: 'signed',
      userId: GOOD_TOKEN,
    });
    expect(store.getState().cart.items).toEqual({});
  });

  it('the sandbox dialog keeps Tab inside, closes on Escape and gives the focus back; nothing is paid', async () => {
    const user = userEvent.setup();
    const { store } = await loggedIn();
    await user.click(await screen.findByText('12 Lake Road'));
    await user.click(screen.getByRole('radio', { name: /Razorpay/ }));
    await user.click(placeOrder());
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
    const pay = within(dialog).getByRole('button', { name: 'Pay' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(pay).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Payment cancelled. Your order has not been placed.')).toBeInTheDocument();
    expect(placeOrder()).toHaveFocus();
    expect(placeOrder()).toHaveAttribute('aria-disabled', 'false');
    expect(api.callsTo('POST /api/payments/sandbox/razorpay/pay')).toEqual([]);
    expect(store.getState().cart.items).toEqual({ [A]: 2, [B]: 1 });
  });

  it('a failed payment verification shows its message and keeps the cart', async () => {
    const user = userEvent.setup();
    api.override('POST /api/order/verifyRazorpay', () => ({
      status: 400,
      body: { success: false, message: 'Payment verification failed. No money was taken for this order.' },
    }));
    const { store } = await loggedIn();
    await user.click(await screen.findByText('12 Lake Road'));
    await user.click(screen.getByRole('radio', { name: /Razorpay/ }));
    await user.click(placeOrder());
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(
      await screen.findByText('Payment verification failed. No money was taken for this order.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().cart.items).toEqual({ [A]: 2, [B]: 1 });
    expect(screen.getByTestId('location')).toHaveTextContent('/place-order');
  });

  it('a refused razorpay order shows the server message and opens no dialog', async () => {
    const user = userEvent.setup();
    api.override('POST /api/order/razorpay', () => ({
      status: 502,
      body: {
        success: false,
        message: 'The payment provider could not be reached. Please try again or choose Cash on Delivery.',
      },
    }));
    await loggedIn();
    await user.click(await screen.findByText('12 Lake Road'));
    await user.click(screen.getByRole('radio', { name: /Razorpay/ }));
    await user.click(placeOrder());
    expect(await screen.findByText(/The payment provider could not be reached/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("razorpay with real keys opens the provider's checkout with the description, key and order id", async () => {
    const user = userEvent.setup();
    const opened: RazorpayOptions[] = [];
    window.Razorpay = class {
      constructor(private readonly options: RazorpayOptions) {}
      open() {
        opened.push(this.options);
        this.options.handler({
          razorpay_order_id: 'order_live_1',
          razorpay_payment_id: 'pay_live_1',
          razorpay_signature: 'sig',
        });
      }
    };
    api.override('POST /api/order/razorpay', () => ({
      body: {
        success: true,
        order: { id: 'order_live_1', amount: 262450, currency: 'USD', receipt: 'r9' },
        key: 'rzp_test_public',
        sandbox: false,
      },
    }));
    await loggedIn();
    await user.click(await screen.findByText('12 Lake Road'));
    await user.click(screen.getByRole('radio', { name: /Razorpay/ }));
    await user.click(placeOrder());
    expect(await screen.findByText('Payment successful! Your order has been placed.')).toBeInTheDocument();
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_public',
      amount: 262450,
      currency: 'USD',
      order_id: 'order_live_1',
      description: 'Payment for measuring instruments',
    });
    expect(api.callsTo('POST /api/order/verifyRazorpay')[0]?.body).toMatchObject({
      razorpay_order_id: 'order_live_1',
      userId: GOOD_TOKEN,
    });
    expect(api.callsTo('POST /api/payments/sandbox/razorpay/pay')).toEqual([]);
  });
});
