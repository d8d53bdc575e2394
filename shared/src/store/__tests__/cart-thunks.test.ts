import { GOOD_TOKEN, startFakeApi, type FakeApi } from '@metrology/test-kit/fake-api';
import { makeProduct, testId } from '@metrology/test-kit/product';
import { anonymousEndpoints, shopApi } from '../../api/base-api';
import { setRuntimeConfig } from '../../config/runtime-config';
import { GUEST_CART_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../../rules/constants';
import { addToCart, restoreSession, sessionEnded, sessionStarted, updateCartQuantity } from '../cart-thunks';
import { createShopStore } from '../create-store';
import { detectCountry } from '../geo-slice';
import { notify } from '../notify';

jest.mock('notistack', () => ({ enqueueSnackbar: jest.fn() }));

/** The test kit's fake API (the one the contract tests hold to the real API) stands in for the cart calls. */
let fake: FakeApi;
const [a, b, x] = [testId('a'), testId('b'), testId('x')];
const calls = () => fake.calls.map(({ path, token, body }) => ({ path, token, body }));

beforeAll(async () => {
  fake = await startFakeApi();
  setRuntimeConfig({ apiBaseUrl: fake.url, geoUrl: `${fake.url}/geo` });
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.reset([a, b, x].map((_id) => makeProduct({ _id })));
  localStorage.clear();
});

describe('guest cart', () => {
  it('stays local, survives a reload through localStorage, and never calls the server', async () => {
    const store = createShopStore();
    await store.dispatch(restoreSession());
    await store.dispatch(addToCart(a, 2));
    await store.dispatch(addToCart(a));
    expect(store.getState().cart.items).toEqual({ [a]: 3 });
    expect(JSON.parse(localStorage.getItem(GUEST_CART_STORAGE_KEY) ?? '{}')).toEqual({ [a]: 3 });

    const reloaded = createShopStore();
    await reloaded.dispatch(restoreSession());
    expect(reloaded.getState().cart.items).toEqual({ [a]: 3 });
    expect(calls().filter((c) => c.path.startsWith('/api/'))).toEqual([]);
  });
});

describe('a change made before the first load has restored the cart', () => {
  it("a guest's add on a server render's copy waits for the browser's cart, and is kept and stored", async () => {
    localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify({ [b]: 1 }));
    const store = createShopStore({ auth: { token: null }, cart: { items: { [b]: 1 }, status: 'cookie' } });
    const added = store.dispatch(addToCart(a));
    const restored = store.dispatch(restoreSession());
    expect(await added).toBe(true);
    await restored;
    expect(store.getState().cart).toEqual({ items: { [b]: 1, [a]: 1 }, status: 'ready' });
    expect(JSON.parse(localStorage.getItem(GUEST_CART_STORAGE_KEY) ?? '{}')).toEqual({ [b]: 1, [a]: 1 });
  });

  it("a signed-in shopper's add before the stored session is restored reaches the server cart", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, GOOD_TOKEN);
    fake.serverCart = { [b]: 2 };
    // As the server renders it: anonymous (the token lives in this browser only), the cookie's copy of the cart.
    const store = createShopStore({ auth: { token: null }, cart: { items: { [b]: 2 }, status: 'cookie' } });
    const added = store.dispatch(addToCart(a));
    void store.dispatch(restoreSession());
    expect(await added).toBe(true);
    expect(fake.serverCart).toEqual({ [b]: 2, [a]: 1 });
    expect(store.getState().cart.items).toEqual({ [b]: 2, [a]: 1 });
  });
});

describe('changes made by forms sent without script (the cookie copy and its pending changes)', () => {
  const sentNatively = (cart: string, ops: string) => {
    document.cookie = `shop_cart=${cart}; path=/`;
    document.cookie = `shop_cart_ops=${ops}; path=/`;
  };
  afterEach(() => {
    document.cookie = 'shop_cart=; path=/; max-age=0';
    document.cookie = 'shop_cart_ops=; path=/; max-age=0';
    window.history.replaceState(null, '', '/');
    jest.restoreAllMocks();
  });

  it("a guest's Add to Cart sent natively: the cart is the cookie's copy, confirmed with the toast, taken once", async () => {
    const success = jest.spyOn(notify, 'success');
    localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify({ [b]: 1 }));
    window.history.replaceState(null, '', '/product/a-gauge');
    sentNatively(`${b}:1.${a}:2`, `a:${a}:2`);
    const store = createShopStore();
    await store.dispatch(restoreSession());
    expect(store.getState().cart.items).toEqual({ [b]: 1, [a]: 2 });
    expect(success.mock.calls).toEqual([
      ['Item Added to Cart', { link: { label: 'View cart', to: '/cart' } }],
    ]);
    expect(document.cookie).not.toContain('shop_cart_ops=a');

    // The next page does not add or confirm it again.
    const next = createShopStore();
    await next.dispatch(restoreSession());
    expect(next.getState().cart.items).toEqual({ [b]: 1, [a]: 2 });
    expect(success).toHaveBeenCalledTimes(1);
  });

  it('a page being replaced by the answer to a form sent natively leaves its changes to the next page', async () => {
    const success = jest.spyOn(notify, 'success');
    let away = true;
    const early = window as unknown as { __shopEarly?: { away: () => boolean } };
    early.__shopEarly = { away: () => away };
    try {
      window.history.replaceState(null, '', '/product/a-gauge');
      const leaving = createShopStore({ auth: { token: null }, cart: { items: {}, status: 'cookie' } });
      const restored = leaving.dispatch(restoreSession());
      sentNatively(`${a}:1`, `a:${a}:1`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(leaving.getState().cart.status).toBe('cookie');
      expect(document.cookie).toContain(`shop_cart_ops=a:${a}:1`);
      expect(document.cookie).toContain(`shop_cart=${a}:1`);
      expect(success).not.toHaveBeenCalled();

      // The shopper stopped the navigation: the page goes on, and takes the change itself.
      away = false;
      await restored;
      expect(leaving.getState().cart.items).toEqual({ [a]: 1 });
      expect(success).toHaveBeenCalledTimes(1);
    } finally {
      delete early.__shopEarly;
    }
  });

  it("a signed-in shopper's changes reach the server cart; on the cart page the lines show them, no toast", async () => {
    const success = jest.spyOn(notify, 'success');
    localStorage.setItem(TOKEN_STORAGE_KEY, GOOD_TOKEN);
    fake.serverCart = { [a]: 1 };
    window.history.replaceState(null, '', '/cart');
    sentNatively(`${a}:2.${b}:1`, `a:${a}:1.a:${b}:1`);
    const store = createShopStore();
    await store.dispatch(restoreSession());
    expect(fake.serverCart).toEqual({ [a]: 2, [b]: 1 });
    expect(store.getState().cart.items).toEqual({ [a]: 2, [b]: 1 });
    expect(success).not.toHaveBeenCalled();
  });
});

describe('logged-in cart', () => {
  it('merges the guest cart into the server cart on login', async () => {
    fake.serverCart = { [b]: 1, [a]: 1 };
    const store = createShopStore();
    await store.dispatch(restoreSession());
    await store.dispatch(addToCart(a, 2));
    await store.dispatch(sessionStarted(GOOD_TOKEN));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(GOOD_TOKEN);
    expect(store.getState().cart.items).toEqual({ [a]: 3, [b]: 1 });
    expect(localStorage.getItem(GUEST_CART_STORAGE_KEY)).toBeNull();
    expect(calls().find((c) => c.path === '/api/cart/add')).toMatchObject({
      token: GOOD_TOKEN,
      body: { itemId: a, quantity: 2 },
    });
  });

  it('restores a stored token and fetches the server cart on first load', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, GOOD_TOKEN);
    fake.serverCart = { [x]: 4 };
    const store = createShopStore();
    expect(store.getState().auth.token).toBe(GOOD_TOKEN);
    await store.dispatch(restoreSession());
    expect(store.getState().cart.items).toEqual({ [x]: 4 });
  });

  it('syncs updates and ends consistent with the server when a sync fails', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, GOOD_TOKEN);
    fake.serverCart = { [a]: 1 };
    const store = createShopStore();
    await store.dispatch(restoreSession());
    expect(await store.dispatch(updateCartQuantity(a, 5))).toBe(true);
    expect(fake.serverCart).toEqual({ [a]: 5 });
    expect(await store.dispatch(addToCart(testId('unknown')))).toBe(false);
    expect(store.getState().cart.items).toEqual({ [a]: 5 });
    await store.dispatch(updateCartQuantity(a, 0));
    expect(store.getState().cart.items).toEqual({});
    expect(fake.serverCart).toEqual({});
  });

  it('a stored session the server refuses is ended: the visitor continues as a guest', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    const store = createShopStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(store.getState().cart).toEqual({ items: {}, status: 'ready' });
  });

  it('endpoints marked anonymous never send the token (SPEC: chat, testimonials, news)', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, GOOD_TOKEN);
    const probe = shopApi.injectEndpoints({
      endpoints: (build) => ({
        anonymousProbe: build.mutation<unknown, void>({
          query: () => ({ url: '/api/probe', method: 'POST' }),
        }),
        signedProbe: build.mutation<unknown, void>({ query: () => ({ url: '/api/probe', method: 'POST' }) }),
      }),
    });
    anonymousEndpoints.add('anonymousProbe');
    const store = createShopStore();
    await store.dispatch(probe.endpoints.anonymousProbe.initiate());
    await store.dispatch(probe.endpoints.signedProbe.initiate());
    expect(
      calls()
        .filter((c) => c.path === '/api/probe')
        .map((c) => c.token),
    ).toEqual([undefined, GOOD_TOKEN]);
  });

  it('logout removes the token and empties the cart', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, GOOD_TOKEN);
    fake.serverCart = { [a]: 1 };
    const store = createShopStore();
    await store.dispatch(restoreSession());
    store.dispatch(sessionEnded());
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().cart.items).toEqual({});
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('detectCountry', () => {
  it.each([
    ['IN', true],
    ['US', false],
  ])('country %s sets the Indian-user flag to %p', async (code, expected) => {
    fake.country = code;
    const store = createShopStore();
    await store.dispatch(detectCountry());
    expect(store.getState().geo.isIndianUser).toBe(expected);
  });

  it('stays false, silently, when the lookup fails', async () => {
    setRuntimeConfig({ geoUrl: 'http://127.0.0.1:1/unreachable' });
    const store = createShopStore();
    await store.dispatch(detectCountry());
    expect(store.getState().geo).toEqual({ isIndianUser: false, lookup: 'done' });
  });
});
