import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartItems } from '../types/entities.js';
import { addToCartItems, cartCount, setCartQuantity } from '../rules/cart.js';
import { GUEST_CART_STORAGE_KEY } from '../rules/constants.js';

export interface CartState {
  items: CartItems;
  /**
   * 'loading' while the server cart is fetched; pages show a spinner then. 'cookie': a server render's cart, read
   * from the cart cookie's copy: shown (badge, /cart), never acted on (no redirect, no sync) until the browser's
   * own cart replaces it.
   */
  status: 'idle' | 'loading' | 'ready' | 'cookie';
}

/** A guest's cart lives in localStorage so that a reload loses nothing. */
export function readGuestCart(): CartItems {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(GUEST_CART_STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const items: CartItems = {};
    for (const [id, quantity] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0) items[id] = quantity;
    }
    return items;
  } catch {
    return {};
  }
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: (): CartState => ({ items: {}, status: 'idle' }),
  reducers: {
    itemAdded(state, action: PayloadAction<{ itemId: string; quantity?: number }>) {
      state.items = addToCartItems(state.items, action.payload.itemId, action.payload.quantity ?? 1);
    },
    quantitySet(state, action: PayloadAction<{ itemId: string; quantity: number }>) {
      state.items = setCartQuantity(state.items, action.payload.itemId, action.payload.quantity);
    },
    cartReplaced(state, action: PayloadAction<CartItems>) {
      state.items = action.payload;
      state.status = 'ready';
    },
    cartLoading(state) {
      state.status = 'loading';
    },
    cartLoadFailed(state) {
      state.status = 'ready';
    },
    cartEmptied(state) {
      state.items = {};
    },
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartStatus: (state) => state.status,
    selectCartCount: (state) => cartCount(state.items),
  },
});

export const { itemAdded, quantitySet, cartReplaced, cartLoading, cartLoadFailed, cartEmptied } =
  cartSlice.actions;
export const { selectCartItems, selectCartStatus, selectCartCount } = cartSlice.selectors;
