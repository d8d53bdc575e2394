import '@testing-library/jest-dom';
import { createServer, type Server } from 'node:http';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ShopProviders, createShopStore, setRuntimeConfig } from '@metrology/shared';
import type { Registry } from '../../remotes/registry';
import type { LoadFailure } from '../releases-api';
import ReleasesPage from '../releases-page';

let server: Server;
let registry: Registry;
let reports: LoadFailure[];
let failuresStatus = 200;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '');
    response.setHeader('Content-Type', 'application/json');
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.url === '/remotes/registry.json') return response.end(JSON.stringify(registry));
    if (request.url?.startsWith('/api/releases/load-failures')) {
      response.statusCode = failuresStatus;
      return response.end(
        JSON.stringify(
          failuresStatus === 200
            ? { success: true, reports }
            : { success: false, message: 'Too many requests' },
        ),
      );
    }
    response.statusCode = 404;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  setRuntimeConfig({ apiBaseUrl: base, registryUrl: `${base}/remotes/registry.json` });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  requested.length = 0;
  failuresStatus = 200;
  registry = {
    remotes: {
      'mfe-content': {
        current: '1.0.0',
        history: [
          { version: '1.0.0', publishedAt: '2025-03-01T10:00:00.000Z', commit: 'aaa1111' },
          {
            version: '1.1.0',
            publishedAt: '2025-03-02T11:30:00.000Z',
            commit: 'bbb2222',
            rolledBackAt: '2025-03-02T12:00:00.000Z',
          },
        ],
      },
      'mfe-catalog': {
        current: '2.0.0',
        history: [{ version: '2.0.0', publishedAt: '2025-02-01T09:00:00.000Z', commit: 'ccc3333' }],
      },
    },
  };
  reports = [
    {
      remote: 'mfe-content',
      version: '1.2.0',
      kind: 'render',
      message: 'Page exploded',
      url: 'http://shop.test/about',
      fallbackVersion: '1.0.0',
      at: '2025-03-03T08:15:00.000Z',
    },
    {
      remote: 'mfe-careers',
      version: '3.0.0',
      kind: 'entry',
      message: 'remoteEntry.js answered 503',
      url: '',
      fallbackVersion: '',
      at: '2025-03-03T08:00:00.000Z',
    },
  ];
});

function renderPage() {
  return render(
    <ShopProviders store={createShopStore()}>
      <MemoryRouter initialEntries={['/releases']}>
        <ReleasesPage />
      </MemoryRouter>
    </ShopProviders>,
  );
}

test('shows every remote with its releases, newest first, and which one is live', async () => {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
  const status = await screen.findByTestId('release-status');
  const content = within(status)
    .getAllByRole('row')
    .filter((row) => row.closest('[data-remote="mfe-content"]'));
  expect(content.map((row) => row.textContent)).toEqual([
    'mfe-content1.1.02025-03-02 11:30 UTCbbb2222Rolled back 2025-03-02 12:00 UTC',
    '1.0.02025-03-01 10:00 UTCaaa1111Live',
  ]);
  expect(within(status).getByRole('rowheader', { name: 'mfe-careers' }).closest('tr')).toHaveTextContent(
    'Never published',
  );
  expect(within(status).getByRole('rowheader', { name: 'mfe-catalog' }).closest('tr')).toHaveTextContent(
    '2.0.0',
  );
  expect(document.title).toContain('Releases');
});

test('lists recent load failures from the API, newest first, with what the shell did', async () => {
  renderPage();
  const table = await screen.findByTestId('load-failures');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.textContent)).toEqual([
    '2025-03-03 08:15 UTCmfe-content1.2.0Page threw while rendering1.0.0Page explodedPage: http://shop.test/about',
    '2025-03-03 08:00 UTCmfe-careers3.0.0Remote entry did not loadNone: section fallback shownremoteEntry.js answered 503',
  ]);
  expect(requested).toContain('/api/releases/load-failures?limit=50');
});

test('says so when nothing failed, and when the reports cannot be read', async () => {
  reports = [];
  const { unmount } = renderPage();
  expect(await screen.findByText('No load failures reported.')).toBeInTheDocument();
  unmount();
  failuresStatus = 429;
  renderPage();
  expect(
    await screen.findByText('The load-failure reports could not be read: Too many requests'),
  ).toBeInTheDocument();
});

test('Refresh reads the registry and the reports again', async () => {
  renderPage();
  await screen.findByTestId('load-failures');
  registry.remotes['mfe-content']!.current = '1.1.0';
  await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  // The refreshed registry arrives asynchronously: wait for the table to show it.
  await waitFor(() => {
    const live = within(screen.getByTestId('release-status'))
      .getAllByRole('row')
      .find((row) => row.textContent?.startsWith('mfe-content'));
    expect(live).toHaveTextContent('1.1.0');
    expect(live).toHaveTextContent('Live');
  });
  expect(requested.filter((url) => url === '/remotes/registry.json')).toHaveLength(2);
});
