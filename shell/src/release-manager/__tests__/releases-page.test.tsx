import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REMOTE_NAMES } from '@metrology/shared/release';
import { renderSection, withSectionApi } from '@metrology/test-kit';
import type { ReleaseAction, ReleaseTrend } from '@metrology/shared/contracts';
import type { Registry } from '../../remotes/registry';
import { openPreview } from '../open-preview';
import type { DeskRollout, LoadFailure } from '../releases-api';
import ReleasesPage from '../releases-page';

jest.mock('../open-preview', () => ({ openPreview: jest.fn() }));

const api = withSectionApi();
let registry: Registry;
let reports: LoadFailure[];
let failuresStatus = 200;
let role = 'release-manager';
let rollbacks: unknown[] = [];
let rollout: DeskRollout | undefined;
let actions: ReleaseAction[] = [];
/** The bodies of the rollout calls, by path. */
let posted: { path: string; body: unknown }[] = [];
let refuse = '';
/** What GET /api/releases/trends answers, by remote (every remote without one is empty). */
let trends: Record<string, ReleaseTrend> = {};
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
      ...(remote === 'mfe-content' && rollout ? { rollout } : {}),
    }));
    const policy = { windowMinutes: 10, minFailures: 5, failureRate: 0.02 };
    const shell = registry.shell ? { remote: 'shell', ...registry.shell } : undefined;
    return { body: { success: true, remotes, actions, policy, ...(shell ? { shell } : {}) } };
  });
  for (const path of [
    '/api/releases/rollout',
    '/api/releases/rollout/percent',
    '/api/releases/rollout/approve',
    '/api/releases/rollout/complete',
    '/api/releases/rollout/abort',
  ]) {
    api.override(`POST ${path}`, (call) => {
      if (refuse) return { status: 409, body: { success: false, message: refuse } };
      posted.push({ path, body: call.body });
      if (path.endsWith('/abort') || path.endsWith('/complete')) rollout = undefined;
      return { body: { success: true, message: `done: ${path}` } };
    });
  }
  api.override('POST /api/releases/preview', (call) => {
    posted.push({ path: '/api/releases/preview', body: call.body });
    return {
      body: { success: true, url: '/__preview?token=signed.token', expiresAt: '2025-03-03T10:00:00.000Z' },
    };
  });
  api.override('POST /api/releases/rollback', (call) => {
    const body = call.body as { remote: string; to: string };
    rollbacks.push(body);
    const entry = body.remote === 'shell' ? registry.shell : registry.remotes['mfe-content'];
    entry!.current = body.to;
    return { body: { success: true, message: `${body.remote} ${body.to} is live now (was 1.0.0).` } };
  });
  api.override('GET /api/releases/trends', (call) => {
    const range = (call.query.get('range') ?? (rollout ? 'rollout' : 'day')) as ReleaseTrend['range'];
    const names = call.query.get('remote') ? [call.query.get('remote') ?? ''] : [...REMOTE_NAMES, 'shell'];
    const empty = (remote: string): ReleaseTrend => ({
      remote,
      range,
      from: '2025-03-02T12:00:00.000Z',
      to: '2025-03-03T12:00:00.000Z',
      bucketSeconds: 1800,
      versions: [],
      marks: [],
    });
    return { body: { success: true, trends: names.map((name) => trends[name] ?? empty(name)) } };
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
  rollout = undefined;
  actions = [];
  posted = [];
  refuse = '';
  trends = {
    'mfe-content': {
      remote: 'mfe-content',
      range: 'day',
      from: '2025-03-02T12:00:00.000Z',
      to: '2025-03-03T12:00:00.000Z',
      bucketSeconds: 1800,
      versions: [
        {
          version: '1.0.0',
          role: 'live',
          points: [
            point('2025-03-03T08:00:00.000Z', 40, 0),
            point('2025-03-03T08:30:00.000Z', 50, 1, { inpP75: 96, lcpP75: 1200 }),
          ],
        },
      ],
      marks: [
        {
          at: '2025-03-03T08:10:00.000Z',
          action: 'rollback',
          version: '1.0.0',
          label: 'rolled back to 1.0.0',
          automatic: false,
        },
      ],
    },
  };
  jest.mocked(openPreview).mockClear();
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

function point(
  at: string,
  sessions: number,
  failing: number,
  speed: { inpP75?: number; lcpP75?: number } = {},
) {
  const failureRate = Math.round((failing / sessions) * 10_000) / 10_000;
  return {
    at,
    sessions,
    failing,
    failureRate,
    inpP75: null,
    lcpP75: null,
    inpSamples: 0,
    lcpSamples: 0,
    ...speed,
  };
}

function renderPage(token: string | null = 'manager-token') {
  return renderSection(<ReleasesPage />, { path: '/releases', ...(token ? { token } : {}) });
}

test('shows every remote with its releases, newest first, and which one is live', async () => {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
  const status = await screen.findByTestId('release-status');
  // Each version's last day, as the trends answer it (read beside the desk).
  await within(status).findByRole('img', { name: /^1\.0\.0 over the last day/ });
  const content = within(status)
    .getAllByRole('row')
    .filter((row) => row.closest('[data-remote="mfe-content"]'));
  expect(content.map((row) => row.textContent)).toEqual([
    'mfe-content1.1.02025-03-02 11:30 UTCbbb2222Rolled back 2025-03-02 12:00 UTCno sessionsPreview 1.1.0Roll out 1.1.0Re-promote 1.1.0',
    '1.0.02025-03-01 10:00 UTCaaa1111Live1.0.0 over the last day: 90 sessions, 1 failing; highest 2.0 %, latest 2.0 %',
  ]);
  expect(
    within(status).getByRole('img', {
      name: '1.0.0 over the last day: 90 sessions, 1 failing; highest 2.0 %, latest 2.0 %',
    }),
  ).toBeInTheDocument();
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

test('lists the shell after the remotes, to roll back or re-promote, never to preview or roll out', async () => {
  registry.shell = {
    current: '1.1.0',
    history: [
      { version: '1.0.0', publishedAt: '2025-03-01T10:00:00.000Z', commit: 'eee5555' },
      { version: '1.1.0', publishedAt: '2025-03-02T10:00:00.000Z', commit: 'fff6666' },
    ],
  };
  renderPage();
  const status = await screen.findByTestId('release-status');
  const shell = status.querySelector('tbody[data-remote="shell"]') as HTMLElement;
  expect(within(shell).getByRole('rowheader', { name: 'shell' })).toBeInTheDocument();
  expect(within(shell).getByRole('row', { name: /1\.1\.0/ })).toHaveTextContent('Live');
  expect(within(shell).queryByRole('button', { name: /Preview|Roll out/ })).not.toBeInTheDocument();
  await userEvent.click(within(shell).getByRole('button', { name: 'Roll back to 1.0.0' }));
  const dialog = screen.getByRole('dialog', { name: 'Roll back shell?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back to 1.0.0' }));
  await waitFor(() => expect(rollbacks).toEqual([{ remote: 'shell', to: '1.0.0' }]));
});

test('says the shell was never published when it was not', async () => {
  renderPage();
  const status = await screen.findByTestId('release-status');
  const shell = status.querySelector('tbody[data-remote="shell"]') as HTMLElement;
  expect(shell).toHaveTextContent('shellNever published');
});

const CANARY: DeskRollout = {
  version: '1.2.0',
  percent: 20,
  startedAt: '2025-03-03T09:00:00.000Z',
  stageStartedAt: '2025-03-03T09:00:00.000Z',
  plan: [
    { percent: 20, minutes: 10 },
    { percent: 50, minutes: 10 },
    { percent: 100, minutes: 0, approval: true },
  ],
  stage: 1,
  awaitingApproval: true,
  by: 'max@example.com',
  canary: { version: '1.2.0', sessions: 120, failing: 3, failureRate: 0.025 },
  current: { version: '1.0.0', sessions: 480, failing: 1, failureRate: 0.0021 },
};

function withCanary() {
  registry.remotes['mfe-content']!.history.push({
    version: '1.2.0',
    publishedAt: '2025-03-03T08:00:00.000Z',
    commit: 'ddd4444',
    clientOnly: true,
  });
  rollout = { ...CANARY };
}

test('a running rollout: the split, the canary beside the live version, and the client-only mark', async () => {
  withCanary();
  renderPage();
  const panel = await screen.findByRole('article', { name: 'mfe-content: 1.2.0 rolling out' });
  expect(within(panel).getByTestId('split-mfe-content')).toHaveTextContent(
    '1.0.0 (live) 80 % 1.2.0 (canary) 20 %',
  );
  expect(within(panel).getByRole('img')).toHaveAccessibleName('20 % of visitors get 1.2.0, 80 % get 1.0.0');
  expect(panel).toHaveTextContent('Stage 2 of 3 of the plan');
  expect(panel).toHaveTextContent('The next stage waits for your approval.');
  const health = within(panel).getByRole('table', { name: 'Sessions served and failing, per version' });
  expect(
    within(health)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual([
    'VersionSessionsFailing sessionsFailure rate',
    'Canary 1.2.01203' + '2.5 %',
    'Live 1.0.048010.2 %',
  ]);
  const row = within(screen.getByTestId('release-status'))
    .getAllByRole('row')
    .find((r) => r.getAttribute('data-version') === '1.2.0');
  expect(row).toHaveTextContent('Canary (20 %)client-only');
  // One rollout at a time: no "Roll out" while this one runs.
  expect(screen.queryByRole('button', { name: /^Roll out / })).not.toBeInTheDocument();
  expect(
    screen.getByText(/at least 5 of its sessions and at least 2\.0 % of them failed within 10 minutes/),
  ).toBeInTheDocument();
});

test('approve, change the share, complete and abort, each after a dialog', async () => {
  withCanary();
  renderPage();
  const panel = await screen.findByRole('article', { name: 'mfe-content: 1.2.0 rolling out' });

  await userEvent.click(within(panel).getByRole('button', { name: 'Approve next stage' }));
  let dialog = screen.getByRole('dialog', { name: 'Approve the next stage of mfe-content 1.2.0?' });
  expect(dialog).toHaveTextContent('100 % of visitors get 1.2.0 from now.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await userEvent.click(within(panel).getByRole('button', { name: 'Change share' }));
  dialog = screen.getByRole('dialog', { name: 'Change the share of mfe-content 1.2.0?' });
  const share = within(dialog).getByLabelText('Share of visitors (%)');
  await userEvent.clear(share);
  await userEvent.type(share, '35');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Set share' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await userEvent.click(within(panel).getByRole('button', { name: 'Abort' }));
  dialog = screen.getByRole('dialog', { name: 'Abort the rollout of mfe-content 1.2.0?' });
  await userEvent.type(
    within(dialog).getByLabelText('Why (optional, for the action log)'),
    'checkout broken',
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Abort rollout' }));
  await waitFor(() =>
    expect(posted).toEqual([
      { path: '/api/releases/rollout/approve', body: { remote: 'mfe-content' } },
      { path: '/api/releases/rollout/percent', body: { remote: 'mfe-content', percent: 35 } },
      { path: '/api/releases/rollout/abort', body: { remote: 'mfe-content', why: 'checkout broken' } },
    ]),
  );
  // The desk is read again: no rollout is left.
  expect(
    await screen.findByText('No rollout is running. Start one from a published version below.'),
  ).toBeInTheDocument();
});

test('Complete makes the canary live after a confirmation; a refusal is shown in the dialog', async () => {
  withCanary();
  refuse = 'No rollout of mfe-content is running';
  renderPage();
  const panel = await screen.findByRole('article', { name: 'mfe-content: 1.2.0 rolling out' });
  await userEvent.click(within(panel).getByRole('button', { name: 'Complete' }));
  const dialog = screen.getByRole('dialog', { name: 'Complete the rollout of mfe-content 1.2.0?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Make 1.2.0 live' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('No rollout of mfe-content is running');
  refuse = '';
  await userEvent.click(within(dialog).getByRole('button', { name: 'Make 1.2.0 live' }));
  await waitFor(() =>
    expect(posted).toEqual([{ path: '/api/releases/rollout/complete', body: { remote: 'mfe-content' } }]),
  );
});

test('starts a rollout of a published version, by share or by plan', async () => {
  renderPage();
  const status = await screen.findByTestId('release-status');
  await userEvent.click(within(status).getByRole('button', { name: 'Roll out 1.1.0' }));
  let dialog = screen.getByRole('dialog', { name: 'Roll out mfe-content 1.1.0?' });
  expect(dialog).toHaveTextContent('the others keep 1.0.0');
  const share = within(dialog).getByLabelText('Share of visitors (%)');
  await userEvent.clear(share);
  await userEvent.type(share, '20');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Start rollout' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await userEvent.click(within(status).getByRole('button', { name: 'Roll out 1.1.0' }));
  dialog = screen.getByRole('dialog', { name: 'Roll out mfe-content 1.1.0?' });
  await userEvent.click(within(dialog).getByRole('radio', { name: 'A plan of stages' }));
  const plan = within(dialog).getByLabelText('Plan');
  expect(plan).toHaveAccessibleDescription(/Stages PERCENT:MINUTES/);
  await userEvent.clear(plan);
  await userEvent.type(plan, '5:30,approve,100');
  await userEvent.type(within(dialog).getByLabelText('Why (optional, for the action log)'), 'new header');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Start rollout' }));
  await waitFor(() =>
    expect(posted).toEqual([
      { path: '/api/releases/rollout', body: { remote: 'mfe-content', version: '1.1.0', percent: 20 } },
      {
        path: '/api/releases/rollout',
        body: { remote: 'mfe-content', version: '1.1.0', plan: '5:30,approve,100', why: 'new header' },
      },
    ]),
  );
});

test('the way not chosen keeps its text and is not sent', async () => {
  renderPage();
  const status = await screen.findByTestId('release-status');
  await userEvent.click(within(status).getByRole('button', { name: 'Roll out 1.1.0' }));
  const dialog = screen.getByRole('dialog', { name: 'Roll out mfe-content 1.1.0?' });
  const share = within(dialog).getByLabelText('Share of visitors (%)');
  await userEvent.clear(share);
  await userEvent.type(share, '15');
  await userEvent.click(within(dialog).getByRole('radio', { name: 'A plan of stages' }));
  expect(share).not.toBeVisible();
  const plan = within(dialog).getByLabelText('Plan');
  expect(plan).toBeVisible();
  await userEvent.clear(plan);
  await userEvent.type(plan, '5:30,100');
  await userEvent.click(within(dialog).getByRole('radio', { name: 'A share of visitors' }));
  expect(share).toHaveValue(15);
  expect(plan).not.toBeVisible();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Start rollout' }));
  await waitFor(() =>
    expect(posted).toEqual([
      { path: '/api/releases/rollout', body: { remote: 'mfe-content', version: '1.1.0', percent: 15 } },
    ]),
  );
});

test('Preview asks the API for a signed link and opens it in this browser', async () => {
  renderPage();
  const status = await screen.findByTestId('release-status');
  expect(within(status).queryByRole('button', { name: 'Preview 1.0.0' })).not.toBeInTheDocument();
  await userEvent.click(within(status).getByRole('button', { name: 'Preview 1.1.0' }));
  await waitFor(() => expect(openPreview).toHaveBeenCalledWith('/__preview?token=signed.token'));
  expect(posted).toEqual([
    { path: '/api/releases/preview', body: { remote: 'mfe-content', version: '1.1.0' } },
  ]);
});

test('the action log names who did what, and an automatic rollback with its figures', async () => {
  actions = [
    {
      action: 'rollout-abort',
      remote: 'mfe-content',
      version: '1.2.0',
      from: '1.0.0',
      to: '1.0.0',
      changed: true,
      actor: 'automatic',
      at: '2025-03-03T09:20:00.000Z',
      percent: 0,
      why: 'automatic rollback: 7 of 120 sessions of 1.2.0 failed (5.8 %)',
      automatic: true,
      figures: {
        canarySessions: 120,
        canaryFailing: 7,
        canaryFailureRate: 0.0583,
        currentSessions: 480,
        currentFailing: 1,
        currentFailureRate: 0.0021,
      },
    },
    {
      action: 'rollout-start',
      remote: 'mfe-content',
      version: '1.2.0',
      from: '1.0.0',
      to: '1.0.0',
      changed: true,
      actor: 'max@example.com',
      at: '2025-03-03T09:00:00.000Z',
      percent: 20,
      why: 'new header',
      automatic: false,
    },
  ];
  renderPage();
  const log = await screen.findByTestId('release-actions');
  expect(
    within(log)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent),
  ).toEqual([
    '2025-03-03 09:20 UTCAutomaticRollout abortedmfe-content1.2.00 %1.0.0automatic rollback: 7 of 120 sessions of 1.2.0 failed (5.8 %)Canary: 7 of 120 sessions failed (5.8 %); live: 1 of 480 (0.2 %)',
    '2025-03-03 09:00 UTCmax@example.comRollout startedmfe-content1.2.020 %1.0.0new header',
  ]);
});

test('the trends: each measure of the chosen remote as a chart with the actions marked, and a table behind it', async () => {
  const user = userEvent.setup();
  renderPage();
  const section = (await screen.findByRole('heading', { name: 'Trends' })).closest('section') as HTMLElement;
  // No rollout runs: the first remote is shown, over the last day.
  expect(within(section).getByLabelText('Remote')).toHaveValue('mfe-catalog');
  expect(
    await within(section).findByText('No Failure rate figures for mfe-catalog yet.', { exact: false }),
  ).toBeTruthy();
  await user.selectOptions(within(section).getByLabelText('Remote'), 'mfe-content');
  const failures = await within(section).findByRole('figure', { name: 'Failure rate of mfe-content' });
  const chart = within(failures).getByRole('img', { name: /Failure rate of mfe-content/ });
  expect(chart).toHaveAccessibleName(/1\.0\.0 \(live\): latest 2\.0 %, highest 2\.0 %/);
  expect(failures.querySelectorAll('[data-version="1.0.0"] circle')).toHaveLength(2);
  expect(failures.querySelectorAll('[data-action="rollback"]')).toHaveLength(1);
  expect(within(failures).getByRole('list', { name: /Release actions/ })).toHaveTextContent(
    '08:10 UTC rolled back to 1.0.0',
  );
  const table = within(failures).getByRole('table');
  expect(
    within(table)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual(['Time1.0.0 (live)', '03-03 08:000.0 % (0 of 40)', '03-03 08:302.0 % (1 of 50)']);
  // Speed is drawn only where visitors measured it.
  const inp = within(section).getByRole('figure', { name: 'INP p75 of mfe-content' });
  expect(inp.querySelectorAll('[data-version="1.0.0"] circle')).toHaveLength(1);
  expect(
    within(within(inp).getByRole('table'))
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual(['Time1.0.0 (live)', '03-03 08:00—', '03-03 08:3096 ms']);
});
