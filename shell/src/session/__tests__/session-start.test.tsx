import { act, screen, waitFor, within } from '@testing-library/react';
import {
  addToCart,
  type createShopStore,
  GUEST_CART_STORAGE_KEY,
  setRuntimeConfig,
  TOKEN_STORAGE_KEY,
} from '@metrology/shared';
import { withSectionApi } from '@metrology/test-kit';
import { renderShell } from '../../test-support/render-shell';

const api = withSectionApi();
beforeEach(() => {
  setRuntimeConfig({ geoUrl: `${api.url}/geo` });
});

const cartLink = () => within(screen.getByRole('banner')).queryByRole('link', { name: /^Cart/ });

async function lookupDone(store: ReturnType<typeof createShopStore>) {
  await waitFor(() => expect(store.getState().geo.lookup).toBe('done'), { timeout: 5000 });
}

describe('first load', () => {
  it('restores a stored token as the logged-in state and fetches the server cart', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token-shopper@example.com');
    api.carts['token-shopper@example.com'] = { a: 2, b: 5 };
    const { store } = renderShell({ session: true });
    expect(store.getState().auth.token).toBe('token-shopper@example.com');
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('7');
    expect(api.callsTo('/api/cart/get')).toEqual([
      expect.objectContaining({ method: 'POST', token: 'token-shopper@example.com' }),
    ]);
    expect(screen.getByRole('button', { name: 'Account, logged in' })).toBeInTheDocument();
  });

  it("keeps a guest's cart across a reload, without calling the server", async () => {
    localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify({ a: 1 }));
    const first = renderShell({ session: true });
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('1');
    await act(async () => {
      await first.store.dispatch(addToCart('b', 2));
    });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    first.unmount();

    // A reload: a new store, a new shell.
    renderShell({ session: true });
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('3');
    expect(api.calls.filter((call) => call.path.startsWith('/api/'))).toEqual([]);
  });
});

describe('the Indian-user flag', () => {
  it('is true only when the lookup answers IN', async () => {
    api.country = 'IN';
    const { store } = renderShell({ session: true });
    await lookupDone(store);
    expect(store.getState().geo.isIndianUser).toBe(true);
    expect(cartLink()).not.toBeInTheDocument();
  });

  it.each(['US', 'GB', ''])('is false for %s', async (country) => {
    api.country = country;
    const { store } = renderShell({ session: true });
    await lookupDone(store);
    expect(store.getState().geo.isIndianUser).toBe(false);
    expect(cartLink()).toBeInTheDocument();
  });

  it.each([
    ['an error status', { status: 503, body: 'down' }],
    ['a body that is not JSON', { status: 200, body: 'not json' }],
    ['no country', { status: 200, body: {} }],
  ])('stays false, silently, on %s', async (_label, reply) => {
    api.override('/geo', () => reply);
    const { store } = renderShell({ session: true });
    await lookupDone(store);
    expect(store.getState().geo.isIndianUser).toBe(false);
    expect(cartLink()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays false when the service cannot be reached', async () => {
    setRuntimeConfig({ geoUrl: 'http://127.0.0.1:9/unreachable' });
    const { store } = renderShell({ session: true });
    await lookupDone(store);
    expect(store.getState().geo.isIndianUser).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('never blocks the page: everything works while the lookup hangs, and it gives up within seconds', async () => {
    api.override('/geo', () => ({ hang: true }));
    const started = Date.now();
    const { store } = renderShell({ session: true });
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(cartLink()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open support chat' })).toBeEnabled();
    expect(store.getState().geo.lookup).toBe('pending');
    await lookupDone(store);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(store.getState().geo.isIndianUser).toBe(false);
    expect(cartLink()).toBeInTheDocument();
  }, 10_000);
});
