// Test support for the careers section (not a test file itself).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ShopProviders, createShopStore, setRuntimeConfig } from '@metrology/shared';

export function renderPage(page: ReactElement) {
  const store = createShopStore();
  return {
    store,
    ...render(
      <ShopProviders store={store}>
        <MemoryRouter initialEntries={['/careers']}>{page}</MemoryRouter>
      </ShopProviders>,
    ),
  };
}

export interface TestApi {
  url: string;
  close: () => Promise<void>;
}

/** A small real HTTP server standing in for the API. */
export async function startApi(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<TestApi> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  setRuntimeConfig({ apiBaseUrl: url });
  return {
    url,
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
