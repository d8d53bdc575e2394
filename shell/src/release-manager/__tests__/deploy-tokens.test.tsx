import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSection, withSectionApi } from '@metrology/test-kit';
import type { CreateDeployTokenBody, DeployToken } from '@metrology/shared/contracts';
import { tokenFormProblem } from '../deploy-tokens';
import ReleasesPage from '../releases-page';

const api = withSectionApi();
let tokens: DeployToken[];
let made: CreateDeployTokenBody[];
let revoked: string[];
let refuse: { status: number; message: string } | null;
let listStatus: number;

const SECRET = 'mdt_7a1b2c3d4e5f_c2VjcmV0LXNob3duLW9uY2U';

const CONTENT_CI: DeployToken = {
  id: '3f9c0a1b2c4d',
  name: 'content CI',
  remotes: ['mfe-content'],
  can: ['publish', 'rollout', 'read'],
  createdBy: 'max@example.com',
  createdAt: '2025-03-01T10:00:00.000Z',
  expiresAt: '2099-05-30T10:00:00.000Z',
  lastUsedAt: '2025-03-02T11:30:00.000Z',
  lastUsedFrom: '203.0.113.7',
  lastUsedFor: 'publish mfe-content',
};
const OLD_CATALOG: DeployToken = {
  id: '0a0b0c0d0e0f',
  name: 'catalog CI',
  remotes: ['mfe-catalog', 'mfe-commerce'],
  can: ['rollback'],
  createdBy: 'ops@example.com',
  createdAt: '2024-01-01T09:00:00.000Z',
  expiresAt: '2024-03-31T09:00:00.000Z',
};

/** The release desk's calls, with the token calls answered as the API does over this test's list. */
beforeEach(() => {
  tokens = [CONTENT_CI, OLD_CATALOG];
  made = [];
  revoked = [];
  refuse = null;
  listStatus = 200;
  api.override('GET /api/user/me', () => ({
    body: {
      success: true,
      user: { _id: 'u1', name: 'Max', email: 'max@example.com', role: 'release-manager' },
    },
  }));
  api.override('GET /api/releases/desk', () => ({
    body: {
      success: true,
      remotes: [],
      actions: [],
      policy: { windowMinutes: 10, minFailures: 5, failureRate: 0.02 },
    },
  }));
  api.override('GET /api/releases/load-failures', () => ({ body: { success: true, reports: [] } }));
  api.override('GET /api/releases/tokens', () =>
    listStatus === 200
      ? { body: { success: true, tokens } }
      : { status: listStatus, body: { success: false, message: 'The database is not answering' } },
  );
  api.override('POST /api/releases/tokens', (call) => {
    if (refuse) return { status: refuse.status, body: { success: false, message: refuse.message } };
    const body = call.body as CreateDeployTokenBody;
    made.push(body);
    const token: DeployToken = {
      id: '7a1b2c3d4e5f',
      name: body.name,
      remotes: body.remotes,
      can: body.can,
      createdBy: 'max@example.com',
      createdAt: '2025-03-03T08:00:00.000Z',
      expiresAt: '2025-04-02T08:00:00.000Z',
    };
    tokens = [token, ...tokens];
    return {
      body: {
        success: true,
        message: `Deploy token ${body.name} (${token.id}) made; copy its secret now: it is not shown again.`,
        token,
        secret: SECRET,
      },
    };
  });
  api.override('POST /api/releases/tokens/revoke', (call) => {
    if (refuse) return { status: refuse.status, body: { success: false, message: refuse.message } };
    const { id } = call.body as { id: string };
    revoked.push(id);
    tokens = tokens.map((t) => (t.id === id ? { ...t, revokedAt: '2025-03-03T09:00:00.000Z' } : t));
    const token = tokens.find((t) => t.id === id);
    return { body: { success: true, message: `Deploy token ${token?.name} (${id}) is revoked.`, token } };
  });
});

function renderPage() {
  return renderSection(<ReleasesPage />, { path: '/releases', token: 'manager-token' });
}

const section = () => screen.getByRole('region', { name: 'Deploy tokens' });

test('lists every token with its remotes, actions, creator, expiry, last use and state', async () => {
  renderPage();
  const table = await screen.findByTestId('deploy-tokens');
  expect(
    within(table)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual([
    'NameRemotesMayCreatedExpiresLast usedStateAction',
    'content CI3f9c0a1b2c4dmfe-contentpublish, rollout, read2025-03-01 10:00 UTCby max@example.com2099-05-30 10:00 UTC2025-03-02 11:30 UTCpublish mfe-content from 203.0.113.7ActiveRevoke',
    'catalog CI0a0b0c0d0e0fmfe-catalog, mfe-commercerollback2024-01-01 09:00 UTCby ops@example.com2024-03-31 09:00 UTCNeverExpiredRevoke',
  ]);
  expect(within(table).getByRole('button', { name: 'Revoke content CI (3f9c0a1b2c4d)' })).toBeVisible();
});

test('says so when there are none, and when they cannot be read', async () => {
  tokens = [];
  const { unmount } = renderPage();
  expect(await screen.findByText('No deploy tokens yet.')).toBeInTheDocument();
  unmount();
  listStatus = 500;
  renderPage();
  expect(
    await screen.findByText('The deploy tokens could not be read: The database is not answering'),
  ).toBeInTheDocument();
});

test('makes a token and shows its secret once, with Copy and the warning; Done returns the focus to the form', async () => {
  const user = userEvent.setup();
  renderPage();
  await screen.findByTestId('deploy-tokens');
  const form = within(section()).getByRole('form', { name: 'New deploy token' });
  await user.type(within(form).getByLabelText('Name'), '  careers CI ');
  const remotes = within(form).getByRole('group', { name: 'Remotes' });
  await user.click(within(remotes).getByLabelText('mfe-careers'));
  await user.click(within(remotes).getByLabelText('mfe-content'));
  const actions = within(form).getByRole('group', { name: 'Actions' });
  await user.click(within(actions).getByLabelText('read (status and log)'));
  await user.click(within(actions).getByLabelText('publish'));
  const days = within(form).getByLabelText('Expires after (days)');
  expect(days).toHaveValue(90);
  await user.clear(days);
  await user.type(days, '30');
  const create = within(form).getByRole('button', { name: 'Create token' });
  await user.click(create);

  const dialog = await screen.findByRole('dialog', { name: 'Deploy token careers CI is made' });
  // In the order the form lists them, whatever order they were ticked in.
  expect(made).toEqual([
    {
      name: 'careers CI',
      remotes: ['mfe-content', 'mfe-careers'],
      can: ['publish', 'read'],
      expiresInDays: 30,
    },
  ]);
  expect(dialog).toHaveAccessibleDescription(
    'Copy it now: it will not be shown again. The shop keeps only its hash.',
  );
  expect(within(dialog).getByLabelText('Secret (RELEASE_TOKEN)')).toHaveValue(SECRET);
  const copy = within(dialog).getByRole('button', { name: 'Copy secret' });
  expect(copy).toHaveFocus();
  await user.click(copy);
  expect(await within(dialog).findByRole('status')).toHaveTextContent('Copied to the clipboard.');
  expect(await navigator.clipboard.readText()).toBe(SECRET);
  // The result is announced in the section's live region too.
  expect(within(section()).getAllByRole('status')[0]).toHaveTextContent(
    'Deploy token careers CI (7a1b2c3d4e5f) made; copy its secret now: it is not shown again.',
  );

  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(create).toHaveFocus();
  // Shown once: gone from the page, and the list (read again) has the new token without it.
  expect(document.body).not.toHaveTextContent(SECRET);
  const table = screen.getByTestId('deploy-tokens');
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('careers CI7a1b2c3d4e5f');
  // The form is empty again for the next token.
  expect(within(form).getByLabelText('Name')).toHaveValue('');
  expect(within(remotes).getByLabelText('mfe-careers')).not.toBeChecked();
});

test('the form says what is missing before sending, and shows the API refusal', async () => {
  const user = userEvent.setup();
  renderPage();
  await screen.findByTestId('deploy-tokens');
  const form = within(section()).getByRole('form', { name: 'New deploy token' });
  const create = within(form).getByRole('button', { name: 'Create token' });
  await user.click(create);
  expect(within(form).getByRole('alert')).toHaveTextContent('Give the token a name, such as "content CI".');
  expect(form).toHaveAccessibleDescription('Give the token a name, such as "content CI".');
  await user.type(within(form).getByLabelText('Name'), 'content CI');
  await user.click(create);
  expect(within(form).getByRole('alert')).toHaveTextContent(
    'Choose at least one remote the token may act on.',
  );
  await user.click(within(form).getByLabelText('mfe-content'));
  await user.click(create);
  expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one action the token may do.');
  await user.click(within(form).getByLabelText('rollback'));
  refuse = { status: 400, message: "Unknown remote 'mfe-content' (one of mfe-catalog)" };
  await user.click(create);
  expect(await within(form).findByRole('alert')).toHaveTextContent(
    "Unknown remote 'mfe-content' (one of mfe-catalog)",
  );
  expect(made).toEqual([]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test.each([
  [{ name: ' ', remotes: ['a'], can: ['read'], days: '90' }, 'Give the token a name, such as "content CI".'],
  [{ name: 'x', remotes: [], can: ['read'], days: '90' }, 'Choose at least one remote the token may act on.'],
  [{ name: 'x', remotes: ['a'], can: [], days: '90' }, 'Choose at least one action the token may do.'],
  [{ name: 'x', remotes: ['a'], can: ['read'], days: '0' }, 'The token expires after 1 to 365 days.'],
  [{ name: 'x', remotes: ['a'], can: ['read'], days: '366' }, 'The token expires after 1 to 365 days.'],
  [{ name: 'x', remotes: ['a'], can: ['read'], days: '1.5' }, 'The token expires after 1 to 365 days.'],
  [{ name: 'x', remotes: ['a'], can: ['read'], days: '' }, 'The token expires after 1 to 365 days.'],
  [{ name: 'x', remotes: ['a'], can: ['read'], days: '365' }, ''],
])('tokenFormProblem(%j) is %j', (form, problem) => {
  expect(tokenFormProblem(form)).toBe(problem);
});

test('revokes a token after a confirmation; Cancel changes nothing; a refusal stays in the dialog', async () => {
  const user = userEvent.setup();
  renderPage();
  const table = await screen.findByTestId('deploy-tokens');
  const revoke = within(table).getByRole('button', { name: 'Revoke content CI (3f9c0a1b2c4d)' });
  await user.click(revoke);
  let dialog = screen.getByRole('dialog', { name: 'Revoke content CI?' });
  expect(dialog).toHaveTextContent('Every call with deploy token content CI (3f9c0a1b2c4d) is refused');
  const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
  expect(cancel).toHaveFocus();
  await user.click(cancel);
  expect(revoked).toEqual([]);
  expect(revoke).toHaveFocus();

  refuse = { status: 404, message: 'There is no deploy token with this id.' };
  await user.click(revoke);
  dialog = screen.getByRole('dialog', { name: 'Revoke content CI?' });
  await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'There is no deploy token with this id.',
  );

  refuse = null;
  await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(revoked).toEqual(['3f9c0a1b2c4d']);
  const result = within(section()).getAllByRole('status')[0];
  expect(result).toHaveTextContent('Deploy token content CI (3f9c0a1b2c4d) is revoked.');
  // Its button is gone with the revoke: the focus is on the result, not lost to the page.
  expect(result).toHaveFocus();
  await waitFor(() =>
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Revoked 2025-03-03 09:00 UTC'),
  );
  expect(within(table).queryByRole('button', { name: /Revoke content CI/ })).not.toBeInTheDocument();
});

test("Refresh reads the tokens' last use again", async () => {
  const user = userEvent.setup();
  renderPage();
  const table = await screen.findByTestId('deploy-tokens');
  expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Never');
  tokens = [CONTENT_CI, { ...OLD_CATALOG, lastUsedAt: '2025-03-03T07:00:00.000Z', lastUsedFor: 'rollback' }];
  await user.click(screen.getByRole('button', { name: 'Refresh' }));
  await waitFor(() =>
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('2025-03-03 07:00 UTCrollback'),
  );
  // Every list read again (the button is back once the desk, the reports and the tokens have all answered).
  await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
});
