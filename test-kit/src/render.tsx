// The one render helper of every section's tests: the section as the shell runs it (the real store, toasts and a
// data router with history), the session optionally restored, and a probe that shows the URL.
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { render } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { startFakeApi, type FakeApi } from './fake-api.js';
import type { Product } from '@metrology/shared';
import {
  GUEST_CART_STORAGE_KEY,
  ShopProviders,
  TOKEN_STORAGE_KEY,
  createShopStore,
  restoreSession,
  setRuntimeConfig,
  type CartItems,
  type RootState,
  type ShopStore,
} from '@metrology/shared';

/** Shows where the router is, so tests can read the URL. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output hidden data-testid="location">
      {`${location.pathname}${location.search}`}
    </output>
  );
}

export interface SectionRoute {
  path: string;
  element: ReactElement;
}

export interface RenderSectionOptions {
  /** The URL to open (default '/'). */
  path?: string;
  /** With one element: the route pattern it is mounted on (default: the path without its query). */
  route?: string;
  /** A store of the test's own (default: a new one). */
  store?: ShopStore;
  /** State to start the new store with (e.g. { geo: ... }). */
  preloadedState?: Partial<RootState>;
  /** A logged-in session: the token is stored as the shell stores it (the new store starts logged in). */
  token?: string;
  /** A guest cart in local storage. */
  guestCart?: CartItems;
  /** Run the session restore the shell runs at start (default false). */
  restoreSession?: boolean;
}

/** The section as the shell runs it: the store and the providers, and a new router at `path`. */
function sectionTree(content: ReactElement | SectionRoute[], options: RenderSectionOptions) {
  const path = options.path ?? '/';
  if (options.token) localStorage.setItem(TOKEN_STORAGE_KEY, options.token);
  if (options.guestCart) localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify(options.guestCart));
  const store = options.store ?? createShopStore(options.preloadedState);
  const routes = Array.isArray(content)
    ? content
    : [{ path: options.route ?? path.split('?')[0] ?? '/', element: content }];
  const tree = () => {
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Outlet />
              <LocationProbe />
            </>
          ),
          children: [...routes, { path: '*', element: <p>Elsewhere</p> }],
        },
      ],
      { initialEntries: [path] },
    );
    const element = (
      <ShopProviders store={store}>
        <RouterProvider router={router} />
      </ShopProviders>
    );
    return { router, element };
  };
  return { store, tree };
}

/** Renders one page element (or a list of routes) with the shell's providers; other paths show "Elsewhere". */
export function renderSection(content: ReactElement | SectionRoute[], options: RenderSectionOptions = {}) {
  const { store, tree } = sectionTree(content, options);
  const restored = options.restoreSession ? store.dispatch(restoreSession()) : Promise.resolve();
  const { router, element } = tree();
  const view = render(element);
  return {
    ...view,
    store,
    router,
    restored,
    /** The router's current path and query. */
    location: () => view.getByTestId('location').textContent ?? '',
  };
}

/**
 * The section's HTML as the server renders it, in the page but not live yet (what a shopper meets before the
 * script has run: fields take typing, nothing reacts); `hydrate` then makes it live in place, as the browser's
 * script does.
 */
export function serverRenderSection(
  content: ReactElement | SectionRoute[],
  options: RenderSectionOptions = {},
) {
  const { store, tree } = sectionTree(content, options);
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree().element);
  document.body.append(container);
  return {
    container,
    store,
    hydrate: () => {
      const { router, element } = tree();
      const view = render(element, { container, hydrate: true });
      return {
        ...view,
        store,
        router,
        /** The router's current path and query. */
        location: () => view.getByTestId('location').textContent ?? '',
      };
    },
  };
}

/** Starts the fake API and points the bundles' run-time config at it (API and geolocation). */
export async function startSectionApi(initial: Product[] = []): Promise<FakeApi> {
  const api = await startFakeApi(initial);
  setRuntimeConfig({ apiBaseUrl: api.url, geoUrl: `${api.url}/geo`, siteOrigin: 'https://shop.example' });
  return api;
}

/**
 * The fake API for one test file, set up the way every section's tests need it: started before the file's tests
 * (startSectionApi), reset with localStorage cleared before each test, closed after the file. The answer stands
 * for the running API from the first hook on (read it in tests and hooks, not at the file's top level).
 */
export function withSectionApi(): FakeApi {
  let running: FakeApi | undefined;
  const current = (): FakeApi => {
    if (!running) throw new Error('withSectionApi: the fake API is read before its beforeAll started it');
    return running;
  };
  beforeAll(async () => {
    running = await startSectionApi();
  });
  afterAll(() => current().close());
  beforeEach(() => {
    current().reset();
    localStorage.clear();
  });
  return new Proxy({} as FakeApi, {
    get: (_target, key) => Reflect.get(current(), key),
    set: (_target, key, value) => Reflect.set(current(), key, value),
  });
}
