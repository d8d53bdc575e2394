// Test support for the content section (not a test file itself).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ShopProviders, createShopStore, setRuntimeConfig } from '@metrology/shared';

/** Shows where a link led, so tests can assert navigation. */
function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders a page with a real store, the toasts provider and a router, as the shell does. */
export function renderPage(
  page: ReactElement,
  options: { path?: string; indianUser?: boolean; token?: string } = {},
) {
  const store = createShopStore({
    ...(options.indianUser ? { geo: { isIndianUser: true, lookup: 'done' } } : {}),
    ...(options.token ? { auth: { token: options.token } } : {}),
  });
  const path = options.path ?? '/';
  const view = render(
    <ShopProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </MemoryRouter>
    </ShopProviders>,
  );
  return { store, ...view };
}

export interface TestApi {
  url: string;
  requests: string[];
  /** The token header of each request, in order (undefined when none was sent). */
  tokens: (string | undefined)[];
  close: () => Promise<void>;
}

/** A small real HTTP server standing in for the API; the handler answers JSON. */
export async function startApi(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<TestApi> {
  const requests: string[] = [];
  const tokens: (string | undefined)[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    tokens.push(request.headers.token as string | undefined);
    response.setHeader('Access-Control-Allow-Origin', '*');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  setRuntimeConfig({ apiBaseUrl: url });
  return {
    url,
    requests,
    tokens,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: ServerResponse, body: unknown, status = 200) {
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json');
  response.end(JSON.stringify(body));
}

/** A URL on which nothing listens: requests to it fail like an unreachable host. */
export const UNREACHABLE_ORIGIN = 'http://127.0.0.1:9';

/** Makes `prefers-reduced-motion: reduce` match (or not) for the components that read it. */
export function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
