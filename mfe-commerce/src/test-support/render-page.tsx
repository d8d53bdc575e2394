import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  GUEST_CART_STORAGE_KEY,
  ShopProviders,
  TOKEN_STORAGE_KEY,
  createShopStore,
  restoreSession,
} from '@metrology/shared';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export interface RenderOptions {
  path: string;
  /** The route pattern the page is mounted on (defaults to the path without its query). */
  route?: string;
  token?: string;
  guestCart?: Record<string, number>;
  /** Skip the session restore the shell does at start (the cart stays 'idle'). */
  skipRestore?: boolean;
}

/** Renders a commerce page the way the shell does: real store, toasts, router; the session restored. */
export function renderPage(Page: ComponentType, options: RenderOptions) {
  localStorage.clear();
  if (options.token) localStorage.setItem(TOKEN_STORAGE_KEY, options.token);
  if (options.guestCart) localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify(options.guestCart));
  const store = createShopStore();
  const restored = options.skipRestore ? Promise.resolve() : store.dispatch(restoreSession());
  const route = options.route ?? options.path.split('?')[0] ?? '/';
  const view = render(
    <ShopProviders store={store}>
      <MemoryRouter initialEntries={[options.path]}>
        <Routes>
          <Route path={route} element={<Page />} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </ShopProviders>,
  );
  return { ...view, store, restored };
}
