import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { SnackbarProvider } from 'notistack';
import { TOAST_AUTO_HIDE_MS, TOAST_MAX_SNACK } from '../rules/constants.js';
import type { ShopStore } from '../store/create-store.js';
import type { RootState } from '../store/root-reducer.js';

/**
 * The store and the toasts (SPEC section 9: 5 s, pause on hover, one at a time, top-right).
 * serverState: the state a server-rendered page was rendered with. Parts of the page hydrated later (a section
 * whose code arrives after the session was restored) are hydrated against it, then updated.
 */
export function ShopProviders({
  store,
  serverState,
  children,
}: {
  store: ShopStore;
  serverState?: RootState;
  children: ReactNode;
}) {
  return (
    <Provider store={store} {...(serverState ? { serverState } : {})}>
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
