import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastHost } from './toasts.js';
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
      {children}
      <ToastHost />
    </Provider>
  );
}
