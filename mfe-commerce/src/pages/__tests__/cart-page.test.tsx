import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginDialogClosed, tokenReceived } from '@metrology/shared';
import CartPage from '../cart-page';
import { GOOD_TOKEN, makeProduct, withSectionApi, testId, renderSection } from '@metrology/test-kit';

const A = testId('a');
const B = testId('b');
const GONE = testId('gone');

const api = withSectionApi();
beforeEach(() => {
  api.products = [
    makeProduct({
      _id: A,
      image: [`/images/products/${A}.svg`],
      name: 'Digital Height Gauge',
      model: 'HG-600',
      price: 1250,
    }),
    makeProduct({
      _id: B,
      image: [`/images/products/${B}.svg`],
      name: 'Bore Gauge',
      model: 'BG-10',
      price: 99.5,
    }),
  ];
});

const line = (name: string) =>
  screen
    .getAllByTestId('cart-line')
    .find((row) => within(row).queryByRole('heading', { name })) as HTMLElement;
const quantityInput = (name: string) => screen.getByRole('spinbutton', { name: `Quantity of ${name}` });

describe('the cart page', () => {
  it('shows a skeleton, then one row per item with image, name, model, unit price, stepper and line total', async () => {
    api.serverCart = { [A]: 2, [B]: 1 };
    api.override('POST /api/cart/get', () => ({
      delayMs: 150,
      body: { success: true, cartData: api.serverCart },
    }));
    renderSection(<CartPage />, { path: '/cart', token: GOOD_TOKEN, restoreSession: true });
    expect(screen.getByTestId('skeleton')).toHaveTextContent('Loading your cart');

    const rows = await screen.findAllByTestId('cart-line');
    expect(rows).toHaveLength(2);
    const row = line('Digital Height Gauge');
    expect(row.querySelector('img')).toHaveAttribute('src', `${api.url}/images/products/${A}.svg`);
    expect(within(row).getByText('Model: HG-600')).toBeInTheDocument();
    expect(within(row).getByText('$1,250')).toBeInTheDocument();
    expect(within(row).getByTestId('line-total')).toHaveTextContent('$2,500');
    expect(quantityInput('Digital Height Gauge')).toHaveValue(2);
    expect(
      within(row).getByRole('button', { name: 'Remove Digital Height Gauge from the cart' }),
    ).toBeVisible();
    // The products were asked for by id, in one call.
    expect(api.callsTo('GET /api/product/list').map((c) => c.query.get('ids'))).toEqual([`${A},${B}`]);
  });

  it('sums the Order Summary and leaves shipping and tax to checkout; lists the accepted payments', async () => {
    renderSection(<CartPage />, { path: '/cart', guestCart: { [A]: 2, [B]: 3 }, restoreSession: true });
    await screen.findAllByTestId('cart-line');
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByTestId('cart-subtotal')).toHaveTextContent('$2,798.5');
    expect(within(summary).getByTestId('cart-total')).toHaveTextContent('$2,798.5');
    expect(within(summary).getAllByText('Calculated at checkout')).toHaveLength(2);
    expect(within(summary).getByText('Shipping')).toBeInTheDocument();
    expect(within(summary).getByText('Tax')).toBeInTheDocument();
    for (const name of ['Visa', 'Mastercard', 'PayPal']) {
      expect(within(summary).getByRole('img', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
  });

  it('shows the empty state with a way to the products', async () => {
    renderSection(<CartPage />, { path: '/cart', restoreSession: true });
    expect(await screen.findByRole('heading', { name: 'Your Cart is Empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
    expect(api.callsTo('GET /api/product/list')).toEqual([]);
  });

  describe('quantity rules', () => {
    it('plus adds one; minus works only above 1', async () => {
      const user = userEvent.setup();
      const { store } = renderSection(<CartPage />, {
        path: '/cart',
        guestCart: { [A]: 1 },
        restoreSession: true,
      });
      await screen.findAllByTestId('cart-line');
      const minus = screen.getByRole('button', { name: 'Decrease quantity of Digital Height Gauge' });
      expect(minus).toHaveAttribute('aria-disabled', 'true');
      await user.click(minus);
      expect(store.getState().cart.items).toEqual({ [A]: 1 });

      await user.click(screen.getByRole('button', { name: 'Increase quantity of Digital Height Gauge' }));
      expect(store.getState().cart.items).toEqual({ [A]: 2 });
      expect(minus).toHaveAttribute('aria-disabled', 'false');
      expect(screen.getByTestId('line-total')).toHaveTextContent('$2,500');
      await user.click(minus);
      expect(store.getState().cart.items).toEqual({ [A]: 1 });
      expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$1,250');
    });

    it("a line's − / + / bin are submit buttons of its native post form to /cart: what goes before hydration or without script", async () => {
      renderSection(<CartPage />, { path: '/cart', guestCart: { [A]: 3, [B]: 1 }, restoreSession: true });
      await screen.findAllByTestId('cart-line');
      const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
      const plus = button('Increase quantity of Digital Height Gauge');
      const form = plus.form as HTMLFormElement;
      // The page's early-input script lets the browser send a form so marked while React does not own it.
      expect(form).toHaveAttribute('data-native');
      expect(form).toHaveAttribute('method', 'post');
      expect(form).toHaveAttribute('action', '/cart');
      const sent = (by: HTMLButtonElement) =>
        Object.fromEntries(new FormData(by.form as HTMLFormElement, by));
      const line = { id: A, quantity: '3', return: '/cart' };
      expect(sent(plus)).toEqual({ ...line, op: 'inc' });
      expect(sent(button('Decrease quantity of Digital Height Gauge'))).toEqual({ ...line, op: 'dec' });
      expect(sent(button('Remove Digital Height Gauge from the cart'))).toEqual({ ...line, op: 'remove' });
      // Each line has a form of its own.
      expect(button('Increase quantity of Bore Gauge').form).not.toBe(form);
      expect(sent(button('Increase quantity of Bore Gauge'))).toEqual({
        id: B,
        quantity: '1',
        return: '/cart',
        op: 'inc',
      });
    });

    it.each([
      ['0', 3],
      ['-2', 3],
      ['0.5', 3],
      ['', 3],
      ['7', 7],
    ])('typing %p leaves the quantity at %p', async (typed, expected) => {
      const user = userEvent.setup();
      const { store } = renderSection(<CartPage />, {
        path: '/cart',
        guestCart: { [A]: 3 },
        restoreSession: true,
      });
      await screen.findAllByTestId('cart-line');
      const input = quantityInput('Digital Height Gauge');
      await user.clear(input);
      if (typed) await user.type(input, typed);
      expect(store.getState().cart.items).toEqual({ [A]: expected });
      await user.tab();
      // On leaving the field it shows the quantity in force.
      expect(input).toHaveValue(expected);
    });

    it('syncs each change to the server when logged in, one request per item at a time, ending on the last value', async () => {
      const user = userEvent.setup();
      api.serverCart = { [A]: 1 };
      const defaultUpdate = (call: { body: unknown }) => {
        const { itemId, quantity } = call.body as { itemId: string; quantity: number };
        api.serverCart[itemId] = quantity;
        return { delayMs: 40, body: { success: true } };
      };
      api.override('POST /api/cart/update', defaultUpdate);
      const { store } = renderSection(<CartPage />, {
        path: '/cart',
        token: GOOD_TOKEN,
        restoreSession: true,
      });
      await screen.findAllByTestId('cart-line');
      const plus = screen.getByRole('button', { name: 'Increase quantity of Digital Height Gauge' });
      await user.click(plus);
      await user.click(plus);
      await user.click(plus);
      await user.click(plus);
      // Shown at once...
      expect(store.getState().cart.items).toEqual({ [A]: 5 });
      // ...and the server ends with the same value, its requests never overlapping.
      await waitFor(() => expect(api.serverCart).toEqual({ [A]: 5 }));
      await waitFor(() =>
        expect(api.callsTo('POST /api/cart/update').at(-1)?.body).toEqual({ itemId: A, quantity: 5 }),
      );
      expect(api.maxInFlight.get('POST /api/cart/update')).toBe(1);
      expect(api.callsTo('POST /api/cart/update').every((c) => c.token === GOOD_TOKEN)).toBe(true);
    });

    it('after a failed sync shows the error and ends as the server has it', async () => {
      const user = userEvent.setup();
      const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      api.serverCart = { [A]: 2 };
      api.override('POST /api/cart/update', () => ({
        status: 500,
        body: { success: false, message: 'The cart could not be saved' },
      }));
      const { store } = renderSection(<CartPage />, {
        path: '/cart',
        token: GOOD_TOKEN,
        restoreSession: true,
      });
      await screen.findAllByTestId('cart-line');
      await user.click(screen.getByRole('button', { name: 'Increase quantity of Digital Height Gauge' }));
      expect(await screen.findByText('The cart could not be saved')).toBeInTheDocument();
      await waitFor(() => expect(store.getState().cart.items).toEqual({ [A]: 2 }));
      expect(quantityInput('Digital Height Gauge')).toHaveValue(2);
      expect(logged).toHaveBeenCalled();
      logged.mockRestore();
    });
  });

  it('remove takes the row away (quantity 0 on the server) and keeps the focus on the page', async () => {
    const user = userEvent.setup();
    api.serverCart = { [A]: 1, [B]: 2 };
    renderSection(<CartPage />, { path: '/cart', token: GOOD_TOKEN, restoreSession: true });
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByRole('button', { name: 'Remove Bore Gauge from the cart' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toHaveFocus();
    await waitFor(() => expect(api.serverCart).toEqual({ [A]: 1 }));
    expect(api.callsTo('POST /api/cart/update')[0]?.body).toEqual({ itemId: B, quantity: 0 });
  });

  it('Clear Cart empties the cart (on the server too) and says so', async () => {
    const user = userEvent.setup();
    api.serverCart = { [A]: 1, [B]: 2 };
    const { store } = renderSection(<CartPage />, { path: '/cart', token: GOOD_TOKEN, restoreSession: true });
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText('Cart cleared successfully')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Cart is Empty' })).toHaveFocus();
    expect(store.getState().cart.items).toEqual({});
    expect(api.serverCart).toEqual({});
  });

  it('Clear Cart that the server refuses shows its message and restores the server cart, without the success toast', async () => {
    const user = userEvent.setup();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.serverCart = { [A]: 1 };
    api.override('POST /api/cart/update', () => ({
      status: 503,
      body: { success: false, message: 'Try later' },
    }));
    const { store } = renderSection(<CartPage />, { path: '/cart', token: GOOD_TOKEN, restoreSession: true });
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText('Try later')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().cart.items).toEqual({ [A]: 1 }));
    expect(screen.queryByText('Cart cleared successfully')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  describe('Proceed to Checkout', () => {
    it('as a guest: the info message and the login dialog (through the store); no navigation', async () => {
      const user = userEvent.setup();
      const { store } = renderSection(<CartPage />, {
        path: '/cart',
        guestCart: { [A]: 1 },
        restoreSession: true,
      });
      await screen.findAllByTestId('cart-line');
      expect(store.getState().ui.loginDialogOpen).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
      expect(await screen.findByText('Please login to proceed with checkout')).toBeInTheDocument();
      expect(store.getState().ui.loginDialogOpen).toBe(true);
      expect(screen.getByTestId('location')).toHaveTextContent('/cart');
    });

    it('a guest who then signs in goes on to /place-order without a second click', async () => {
      const user = userEvent.setup();
      api.serverCart = {};
      const { store } = renderSection(<CartPage />, {
        path: '/cart',
        guestCart: { [A]: 1 },
        restoreSession: true,
      });
      await screen.findAllByTestId('cart-line');
      await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
      expect(store.getState().ui.loginDialogOpen).toBe(true);
      act(() => {
        store.dispatch(tokenReceived(GOOD_TOKEN));
        store.dispatch(loginDialogClosed());
      });
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/place-order$/));
    });

    it('a guest who closes the dialog without signing in stays; a later login does not move them', async () => {
      const user = userEvent.setup();
      const { store } = renderSection(<CartPage />, {
        path: '/cart',
        guestCart: { [A]: 1 },
        restoreSession: true,
      });
      await screen.findAllByTestId('cart-line');
      await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
      act(() => {
        store.dispatch(loginDialogClosed());
      });
      act(() => {
        store.dispatch(tokenReceived(GOOD_TOKEN));
      });
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart$/);
    });

    it('logged in: goes to /place-order', async () => {
      const user = userEvent.setup();
      api.serverCart = { [A]: 1 };
      const { store } = renderSection(<CartPage />, {
        path: '/cart',
        token: GOOD_TOKEN,
        restoreSession: true,
      });
      await screen.findAllByTestId('cart-line');
      await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/place-order');
      expect(store.getState().ui.loginDialogOpen).toBe(false);
    });
  });

  it('when the products cannot be loaded: the message, inline and as a toast, and Try Again', async () => {
    const user = userEvent.setup();
    let fail = true;
    api.override('GET /api/product/list', () =>
      fail ? { status: 500, body: { success: false, message: 'Catalogue unavailable' } } : undefined,
    );
    renderSection(<CartPage />, { path: '/cart', guestCart: { [A]: 1 }, restoreSession: true });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Catalogue unavailable');
    await waitFor(() => expect(screen.getAllByText('Catalogue unavailable')).toHaveLength(2));
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(1);
  });

  it('when the products cannot be loaded the cart can still be cleared', async () => {
    const user = userEvent.setup();
    api.override('GET /api/product/list', () => ({ status: 503, body: { success: false, message: 'Down' } }));
    const { store } = renderSection(<CartPage />, {
      path: '/cart',
      guestCart: { [A]: 1 },
      restoreSession: true,
    });
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByRole('heading', { name: 'Your Cart is Empty' })).toBeInTheDocument();
    expect(store.getState().cart.items).toEqual({});
  });

  it('items the catalogue no longer has are not counted and can be removed', async () => {
    const user = userEvent.setup();
    const { store } = renderSection(<CartPage />, {
      path: '/cart',
      guestCart: { [A]: 1, [GONE]: 2, 'not-an-id': 1 },
      restoreSession: true,
    });
    await screen.findAllByTestId('cart-line');
    expect(screen.getByText('Some items in your cart are no longer available.')).toBeInTheDocument();
    // Only ids of the API's shape are asked for (it refuses the whole list otherwise).
    expect(api.callsTo('GET /api/product/list').map((c) => c.query.get('ids'))).toEqual([`${A},${GONE}`]);
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$1,250');
    await user.click(screen.getByRole('button', { name: 'Remove unavailable items' }));
    expect(store.getState().cart.items).toEqual({ [A]: 1 });
    await act(async () => undefined);
    expect(screen.queryByText('Some items in your cart are no longer available.')).not.toBeInTheDocument();
  });

  it('an Indian visitor sees no cart', async () => {
    const { store } = renderSection(<CartPage />, {
      path: '/cart',
      guestCart: { [A]: 1 },
      restoreSession: true,
    });
    act(() => {
      store.dispatch({ type: 'geo/detectCountry/fulfilled', payload: true });
    });
    expect(await screen.findByText(/Online ordering is not available in your region/)).toBeInTheDocument();
    expect(screen.queryByTestId('cart-line')).not.toBeInTheDocument();
  });
});
