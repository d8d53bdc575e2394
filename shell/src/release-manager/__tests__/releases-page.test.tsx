import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REMOTE_NAMES } from '@metrology/shared/release';
import { renderSection, withSectionApi } from '@metrology/test-kit';
import type { Registry } from '../../remotes/registry';
import type { LoadFailure } from '../releases-api';
import ReleasesPage from '../releases-page';

const api = withSectionApi();
let registry: Registry;
let reports: LoadFailure[];
let failuresStatus = 200;
let role = 'release-manager';
let rollbacks: unknown[] = [];
/** The paths with their query of every call the page made. */
const requested = () => api.calls.map((call) => `${call.path}${call.query.size ? `?${call.query}` : ''}`);

/** The release desk's calls as the API answers them, over this test's registry and reports. */
function answerAsTheDesk(): void {
  api.override('GET /api/user/me', () => ({
    body: { success: true, user: { _id: 'u1', name: 'Max', email: 'max@example.com', role } },
  }));
  api.override('GET /api/releases/desk', () => {
    const remotes = REMOTE_NAMES.map((remote) => ({
      remote,
      current: registry.remotes[remote]?.current ?? null,
      history: registry.remotes[remote]?.history ?? [],
    }));
    return { body: { success: true, remotes, actions: [] } };
  });
  api.override('POST /api/releases/rollback', (call) => {
    const body = call.body as { remote: string; to: string };
    rollbacks.push(body);
    registry.remotes['mfe-content']!.current = body.to;
    return { body: { success: true, message: `${body.remote} ${body.to} is live now (was 1.0.0).` } };
  });
  api.override('GET /api/releases/load-failures', () =>
    failuresStatus === 200
      ? { body: { success: true, reports } }
      : { status: failuresStatus, body: { success: false, message: 'Too many requests' } },
  );
}

beforeEach(() => {
  answerAsTheDesk();
  failuresStatus = 200;
  role = 'release-manager';
  rollbacks = [];
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

function renderPage(token: string | null = 'manager-token') {
  return renderSection(<ReleasesPage />, { path: '/releases', ...(token ? { token } : {}) });
}

test('shows every remote with its releases, newest first, and which one is live', async () => {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
  const status = await screen.findByTestId('release-status');
  const content = within(status)
    .getAllByRole('row')
    .filter((row) => row.closest('[data-remote="mfe-content"]'));
  expect(content.map((row) => row.textContent)).toEqual([
    'mfe-content1.1.02025-03-02 11:30 UTCbbb2222Rolled back 2025-03-02 12:00 UTCRe-promote 1.1.0',
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
  expect(requested()).toContain('/api/releases/load-failures?limit=50');
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
  expect(requested().filter((url) => url === '/api/releases/desk')).toHaveLength(2);
});

test('a logged-out visitor gets a login prompt and a shopper a refusal, never the data', async () => {
  const { unmount } = renderPage(null);
  expect(screen.getByText('Please login to continue')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Login / Register' })).toBeInTheDocument();
  unmount();
  role = 'shopper';
  renderPage('shopper-token');
  expect(await screen.findByRole('alert')).toHaveTextContent('This page is for release managers only.');
  expect(screen.queryByTestId('release-status')).not.toBeInTheDocument();
  expect(requested()).not.toContain('/api/releases/desk');
  expect(requested().some((url) => url.startsWith('/api/releases/load-failures'))).toBe(false);
});

test('rolls a remote back after a confirmation; Cancel changes nothing', async () => {
  registry.remotes['mfe-content']!.current = '1.1.0';
  delete registry.remotes['mfe-content']!.history[1]!.rolledBackAt;
  renderPage();
  const status = await screen.findByTestId('release-status');
  await userEvent.click(within(status).getByRole('button', { name: 'Roll back to 1.0.0' }));
  const dialog = screen.getByRole('dialog', { name: 'Roll back mfe-content?' });
  expect(dialog).toHaveTextContent('mfe-content 1.0.0 becomes live instead of 1.1.0.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(rollbacks).toEqual([]);
  await userEvent.click(within(status).getByRole('button', { name: 'Roll back to 1.0.0' }));
  await userEvent.click(
    within(screen.getByRole('dialog')).getByRole('button', { name: 'Roll back to 1.0.0' }),
  );
  await waitFor(() => expect(rollbacks).toEqual([{ remote: 'mfe-content', to: '1.0.0' }]));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});
