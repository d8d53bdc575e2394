import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { shopApi } from '../api/base-api.js';
import { cartCookieString } from '../rules/cart-cookie.js';
import { GUEST_CART_STORAGE_KEY } from '../rules/constants.js';
import { rootReducer, type RootState } from './root-reducer.js';

/** Keeps a guest's cart in localStorage whenever it changes. */
function guestCartPersistence() {
  const listener = createListenerMiddleware<RootState>();
  listener.startListening({
    predicate: (_action, current, previous) =>
      current.cart.items !== previous.cart.items && !current.auth.token && current.cart.status === 'ready',
    effect: (_action, api) => {
      try {
        localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify(api.getState().cart.items));
      } catch {
        // Storage unavailable: the cart lives for this visit only.
      }
    },
  });
  return listener.middleware;
}

/** Mirrors the cart's ids and quantities into its cookie, so the server renders the true badge and /cart. */
function cartCookieMirror() {
  const listener = createListenerMiddleware<RootState>();
  listener.startListening({
    predicate: (_action, current, previous) =>
      typeof document !== 'undefined' &&
      current.cart.status === 'ready' &&
      (current.cart.items !== previous.cart.items || previous.cart.status !== 'ready'),
    effect: (_action, api) => {
      try {
        document.cookie = cartCookieString(api.getState().cart.items, location.protocol === 'https:');
      } catch {
        // Cookies disabled: the server renders an empty badge, and the browser's cart fills it in.
      }
    },
  });
  return listener.middleware;
}

/** The shop's store. The shell makes the one the site runs on; tests and section harnesses make their own. */
export function createShopStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault().concat(shopApi.middleware, guestCartPersistence(), cartCookieMirror()),
  });
  setupListeners(store.dispatch);
  return store;
}

export type ShopStore = ReturnType<typeof createShopStore>;
export type AppDispatch = ShopStore['dispatch'];
