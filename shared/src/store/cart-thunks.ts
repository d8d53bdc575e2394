import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { cartApi } from '../api/cart-endpoints.js';
import { errorMessage, isApiError } from '../api/errors.js';
import { normaliseCartData } from '../rules/cart.js';
import {
  CART_COOKIE,
  CART_OPS_COOKIE,
  cartOpsCookieString,
  parseCartCookie,
  parseCartOps,
  type CartOp,
} from '../rules/cart-cookie.js';
import { GUEST_CART_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../rules/constants.js';
import { loggedOut, readStoredToken, tokenReceived } from './auth-slice.js';
import {
  cartEmptied,
  cartLoadFailed,
  cartLoading,
  cartReplaced,
  itemAdded,
  quantitySet,
  readGuestCart,
} from './cart-slice.js';
import { notify } from './notify.js';
import type { RootState } from './root-reducer.js';

type ShopThunk<R = Promise<void>> = ThunkAction<R, RootState, unknown, UnknownAction>;

/** The toast that confirms an Add to Cart, and its link to the cart: the same after a live add or a native one. */
export const ITEM_ADDED = 'Item Added to Cart';
export const VIEW_CART = { label: 'View cart', to: '/cart' } as const;

function storage(action: (store: Storage) => void): void {
  try {
    if (typeof localStorage !== 'undefined') action(localStorage);
  } catch {
    // Private mode or a full quota: the in-memory state still works for this visit.
  }
}

/** Fetches the server cart (logged in) and makes it the local one. */
export const loadServerCart = (): ShopThunk => async (dispatch, getState) => {
  if (!getState().auth.token) return;
  dispatch(cartLoading());
  try {
    const cartData = await dispatch(cartApi.endpoints.getServerCart.initiate()).unwrap();
    dispatch(cartReplaced(normaliseCartData(cartData)));
  } catch (error) {
    dispatch(cartLoadFailed());
    console.error('Cart fetch failed', error);
    if (isApiError(error) && error.status === 401) {
      // The stored session is no longer valid (expired, revoked, or the server's data was reset): go on as a
      // guest, keeping the cart in this browser.
      dispatch(sessionExpired());
      notify.info(error.message);
      return;
    }
    notify.error(errorMessage(error, 'Failed to load your cart'));
  }
};

/** A failed sync leaves the cart as the server has it, after telling the user why. */
async function syncOrRestore(
  dispatch: Parameters<ShopThunk>[0],
  call: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    console.error('Cart sync failed', error);
    notify.error(errorMessage(error, 'Failed to update your cart'));
    await dispatch(loadServerCart());
    return false;
  }
}

/**
 * The first load's restore (the stored session and the browser's cart), once per store: a change the shopper makes
 * before it has run waits for it, so the restore never replaces the change with the cart it reads.
 */
const restores = new WeakMap<() => RootState, Promise<void>>();

/**
 * Waits for the first load's restore, starting it if the page has not yet: until then the cart is empty ('idle') or
 * a server render's copy ('cookie'), and a change made on it would be lost when the browser's own cart comes in.
 */
const sessionRestored = (): ShopThunk => (dispatch, getState) => {
  const restoring = restores.get(getState);
  if (restoring) return restoring;
  const { status } = getState().cart;
  return status === 'idle' || status === 'cookie' ? dispatch(restoreSession()) : Promise.resolve();
};

const addItem =
  (itemId: string, quantity: number): ShopThunk<Promise<boolean>> =>
  async (dispatch, getState) => {
    dispatch(itemAdded({ itemId, quantity }));
    if (!getState().auth.token) return true;
    return syncOrRestore(dispatch, () =>
      dispatch(cartApi.endpoints.addCartItem.initiate({ itemId, quantity })).unwrap(),
    );
  };

const setQuantity =
  (itemId: string, quantity: number): ShopThunk<Promise<boolean>> =>
  async (dispatch, getState) => {
    dispatch(quantitySet({ itemId, quantity }));
    if (!getState().auth.token) return true;
    return syncOrRestore(dispatch, () =>
      dispatch(cartApi.endpoints.updateCartItem.initiate({ itemId, quantity })).unwrap(),
    );
  };

/**
 * Adding increases the quantity (default 1): applied locally first, then synced when logged in.
 * Resolves true when the change stands (locally for guests, on the server for users).
 */
export const addToCart =
  (itemId: string, quantity = 1): ShopThunk<Promise<boolean>> =>
  async (dispatch) => {
    await dispatch(sessionRestored());
    return dispatch(addItem(itemId, quantity));
  };

/** Updating sets an exact quantity; 0 removes the item. */
export const updateCartQuantity =
  (itemId: string, quantity: number): ShopThunk<Promise<boolean>> =>
  async (dispatch) => {
    await dispatch(sessionRestored());
    return dispatch(setQuantity(itemId, quantity));
  };

/** Removes every item, on the server too when logged in. */
export const clearCart = (): ShopThunk<Promise<boolean>> => async (dispatch, getState) => {
  await dispatch(sessionRestored());
  const ids = Object.keys(getState().cart.items);
  dispatch(cartEmptied());
  if (!getState().auth.token || ids.length === 0) return true;
  return syncOrRestore(dispatch, () =>
    Promise.all(
      ids.map((itemId) =>
        dispatch(cartApi.endpoints.updateCartItem.initiate({ itemId, quantity: 0 })).unwrap(),
      ),
    ),
  );
};

/** Empties the local cart without touching the server (the server already cleared it, e.g. after an order). */
export const forgetCart = (): ShopThunk<void> => (dispatch) => {
  dispatch(cartEmptied());
  storage((s) => s.removeItem(GUEST_CART_STORAGE_KEY));
};

/**
 * After login or registration: keep the token, merge what the guest chose into the server cart
 * (nothing is lost), then show the server's cart.
 */
export const sessionStarted =
  (token: string): ShopThunk =>
  async (dispatch) => {
    storage((s) => s.setItem(TOKEN_STORAGE_KEY, token));
    const guest = readGuestCart();
    dispatch(tokenReceived(token));
    const entries = Object.entries(guest);
    if (entries.length > 0) {
      try {
        for (const [itemId, quantity] of entries) {
          await dispatch(cartApi.endpoints.addCartItem.initiate({ itemId, quantity })).unwrap();
        }
        storage((s) => s.removeItem(GUEST_CART_STORAGE_KEY));
      } catch (error) {
        console.error('Guest cart merge failed', error);
        notify.error(errorMessage(error, 'Some cart items could not be saved to your account'));
      }
    }
    await dispatch(loadServerCart());
  };

/** Logout: removes the token and empties the cart (SPEC section 4). Navigation is the caller's. */
export const sessionEnded = (): ShopThunk<void> => (dispatch) => {
  storage((s) => {
    s.removeItem(TOKEN_STORAGE_KEY);
    s.removeItem(GUEST_CART_STORAGE_KEY);
  });
  dispatch(loggedOut());
  dispatch(cartEmptied());
};

/** The server ended the session (401): logged out, but the cart stays in this browser as a guest cart. */
export const sessionExpired = (): ShopThunk<void> => (dispatch, getState) => {
  storage((s) => s.removeItem(TOKEN_STORAGE_KEY));
  const kept = getState().cart.items;
  dispatch(loggedOut());
  dispatch(cartReplaced(Object.keys(kept).length > 0 ? kept : readGuestCart()));
  storage((s) => s.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify(getState().cart.items)));
};

/** A cookie of this page's, or null. */
function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/**
 * The cart changes the site server made from forms sent without script, taken once: the cookie is cleared as
 * they are read.
 */
function takePendingCartOps(): CartOp[] {
  const ops = parseCartOps(readCookie(CART_OPS_COOKIE));
  if (ops.length > 0) {
    try {
      document.cookie = cartOpsCookieString([], location.protocol === 'https:');
    } catch {
      // Cookies disabled: there were none to take.
    }
  }
  return ops;
}

/**
 * First load: a stored token brings the server cart, a guest gets the cart kept in this browser. Changes made by
 * forms sent without script are applied then: a guest's cart is the cookie's copy they were made on, a signed-in
 * shopper's server cart gets each change. An add made away from the cart page (Add to Cart sent natively before
 * the page was live) is confirmed as the live one is, with the toast; on the cart page the lines show it.
 * It runs once per store: a later call (a cart change made before it, StrictMode's second effect) gets its promise.
 */
export const restoreSession = (): ShopThunk => (dispatch, getState) => {
  let restoring = restores.get(getState);
  if (!restoring) {
    restoring = dispatch(restore());
    restores.set(getState, restoring);
  }
  return restoring;
};

/** How often a page being replaced looks again whether it still is (the shopper may stop the navigation). */
const LEAVING_POLL_MS = 100;

/**
 * Whether a form the page's early-input script sent natively is on its way (the script's `away()`): the page is
 * being replaced by the answer, and the cart changes that form made (the cart cookie and its pending changes) are
 * that next page's to take.
 */
function pageLeaving(): boolean {
  if (typeof window === 'undefined') return false;
  // Called only if there: the page's script comes from the site server, which may be of another release.
  return window.__shopEarly?.away?.() === true;
}

const restore = (): ShopThunk => async (dispatch, getState) => {
  // Restored on a page being replaced, the browser's cart (without the change on its way) would overwrite the cart
  // cookie the answer set, and the change would be taken here, not on the page that shows it.
  while (pageLeaving()) await new Promise((resolve) => setTimeout(resolve, LEAVING_POLL_MS));
  // A server-rendered page starts anonymous (the token lives in this browser only): the stored one comes in now.
  const stored = getState().auth.token ? null : readStoredToken();
  if (stored) dispatch(tokenReceived(stored));
  const pending = takePendingCartOps();
  let added = false;
  if (getState().auth.token) {
    await dispatch(loadServerCart());
    for (const op of pending) {
      if (op.kind === 'add') added = (await dispatch(addItem(op.itemId, op.quantity))) || added;
      else await dispatch(setQuantity(op.itemId, op.quantity));
    }
  } else {
    dispatch(cartReplaced(pending.length > 0 ? parseCartCookie(readCookie(CART_COOKIE)) : readGuestCart()));
    added = pending.some((op) => op.kind === 'add');
  }
  if (added && location.pathname !== '/cart') notify.success(ITEM_ADDED, { link: VIEW_CART });
};
