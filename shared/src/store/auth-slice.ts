import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { TOKEN_STORAGE_KEY } from '../rules/constants.js';

export interface AuthState {
  token: string | null;
}

/** A stored token is restored as the logged-in state on first load (SPEC section 4). */
export function readStoredToken(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: (): AuthState => ({ token: readStoredToken() }),
  reducers: {
    tokenReceived(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    loggedOut(state) {
      state.token = null;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectIsLoggedIn: (state) => Boolean(state.token),
  },
});

export const { tokenReceived, loggedOut } = authSlice.actions;
export const { selectToken, selectIsLoggedIn } = authSlice.selectors;
