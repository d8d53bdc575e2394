import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { createShopStore, ShopProviders, type ShopStore } from '@metrology/shared';

/** Shows where the router is, so tests can read the URL. */
function Location() {
  const location = useLocation();
  return (
    <div hidden data-testid="location">
      {`${location.pathname}${location.search}`}
    </div>
  );
}

export interface RenderedPage {
  store: ShopStore;
  router: ReturnType<typeof createMemoryRouter>;
  location: () => string;
}

/** A page as the shell runs it: the real store, toasts and a router (history included, for back/forward). */
export function renderPage(
  routes: { path: string; element: ReactElement }[],
  url: string,
  store: ShopStore = createShopStore(),
): RenderedPage & ReturnType<typeof render> {
  const router = createMemoryRouter(
    routes.map((route) => ({
      path: route.path,
      element: (
        <>
          {route.element}
          <Location />
        </>
      ),
    })),
    { initialEntries: [url] },
  );
  const result = render(
    <ShopProviders store={store}>
      <RouterProvider router={router} />
    </ShopProviders>,
  );
  return {
    ...result,
    store,
    router,
    location: () => result.getByTestId('location').textContent ?? '',
  };
}
