import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { SnackbarProvider } from 'notistack';
import { TOAST_AUTO_HIDE_MS, TOAST_MAX_SNACK } from '../rules/constants.js';
import type { ShopStore } from '../store/create-store.js';

/** The store and the toasts (SPEC section 9: 5 s, pause on hover, one at a time, top-right). */
export function ShopProviders({ store, children }: { store: ShopStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <SnackbarProvider
        maxSnack={TOAST_MAX_SNACK}
        autoHideDuration={TOAST_AUTO_HIDE_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        preventDuplicate
      >
        {children}
      </SnackbarProvider>
    </Provider>
  );
}
