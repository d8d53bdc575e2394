import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from '../../tools/src/cluster.mjs';
import { createAccount, type Account } from '../support/back-office-accounts';
import { freePort } from '../../tools/src/free-port.mjs';
import { test, expect } from '../support/fixtures';

/**
 * Issue 33's acceptance on `npm run cluster`: two site servers, each with its own empty cache and no shared folder
 * (the versions' files are in PostgreSQL, the artifact store). A team publishes a remote from a folder outside the
 * shop with a deploy token over HTTP; both site servers serve it, server-rendered, on their next request; the same
 * token rolls it back.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REMOTE = 'mfe-content';
const HEADING = 'About Us';
const CHANGED = 'About Us — shipped by the content team';
const VERSION = `9.2.0-team.${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let cluster: Awaited<ReturnType<typeof startCluster>>;
let team: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster({ port: await freePort(), host: '127.0.0.1', output: 'ignore' });
  team = await fs.mkdtemp(path.join(tmpdir(), 'metrology-team-'));
});
test.afterAll(async () => {
  await cluster?.stop();
  if (team) await fs.rm(team, { recursive: true, force: true });
});

/** The release CLI as a team's CI runs it: in its own folder, no RELEASES_DIR, no database, no signing key. */
function teamRelease(
  token: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, RELEASE_TOKEN: token };
  for (const name of [
    'DATABASE_URL',
    'RELEASES_DIR',
    'DATA_DIR',
    'RELEASE_SIGNING_KEY',
    'RELEASE_URL',
    'INIT_CWD',
  ])
    delete env[name];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'tools/scripts/release.mjs'), ...args, '--to', cluster.url],
      { cwd: team, env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The live version of the content remote as one site instance serves its registry. */
async function liveOn(port: number): Promise<string | undefined> {
  const registry = (await (await fetch(`http://127.0.0.1:${port}/remotes/registry.json`)).json()) as {
    remotes: Record<string, { current: string }>;
  };
  return registry.remotes[REMOTE]?.current;
}

/** A release manager's deploy token for the content remote, made on the cluster's API. */
async function deployToken(): Promise<string> {
  const manager: Account = {
    email: `team.${Date.now()}@example.com`,
    name: 'Team Manager',
    password: 'cluster team password 1',
    role: 'release-manager',
  };
  createAccount(manager, { DATABASE_URL: cluster.databaseUrl });
  const post = async (route: string, body: unknown, token?: string) =>
    (await (
      await fetch(`${cluster.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, unknown>;
  const { token } = (await post('/api/user/login', { email: manager.email, password: manager.password })) as {
    token: string;
  };
  const made = await post(
    '/api/releases/tokens',
    { name: 'content CI', remotes: [REMOTE], can: ['publish', 'rollback'], expiresInDays: 1 },
    token,
  );
  expect(typeof made.secret).toBe('string');
  return made.secret as string;
}

test('a version published with a deploy token is served server-rendered by both site servers from their own caches, and the token rolls it back', async ({
  page,
}) => {
  const base = await liveOn(cluster.sites[0]!.port);
  expect(base).toBeTruthy();
  const token = await deployToken();

  // The team's build, in a folder of its own outside the shop: the remote's production build with one visible
  // change in both halves (the browser's and the Node one the site servers render with).
  const dist = path.join(team, 'dist');
  await fs.cp(path.join(ROOT, REMOTE, 'dist'), dist, { recursive: true });
  let changedFiles = 0;
  for (const dir of [dist, path.join(dist, 'server')]) {
    for (const file of await fs.readdir(dir)) {
      if (!file.endsWith('.js')) continue;
      const code = await fs.readFile(path.join(dir, file), 'utf8');
      const quoted = [JSON.stringify(HEADING), `'${HEADING}'`].find((q) => code.includes(q));
      if (!quoted) continue;
      await fs.writeFile(path.join(dir, file), code.split(quoted).join(JSON.stringify(CHANGED)));
      changedFiles += 1;
    }
  }
  expect(changedFiles).toBeGreaterThan(1);

  const published = await teamRelease(token, 'publish', REMOTE, '--version', VERSION, '--dist', dist);
  expect(published.stderr).toBe('');
  expect(published.code).toBe(0);
  // Nothing in a shared folder: the files are in the database only, until a site server needs them.
  await expect(fs.stat(path.join(cluster.releasesDir, REMOTE, VERSION))).rejects.toThrow();
  for (const i of [1, 2])
    await expect(fs.stat(path.join(cluster.siteCacheDir(i), REMOTE, VERSION))).rejects.toThrow();

  // Each site server's next request: the page rendered on the server with the new version's Node build.
  for (const site of cluster.sites) {
    expect(await liveOn(site.port), site.name).toBe(VERSION);
    const html = await (await fetch(`http://127.0.0.1:${site.port}/about`)).text();
    expect(html, site.name).toContain(CHANGED);
    const entry = await fetch(`http://127.0.0.1:${site.port}/remotes/${REMOTE}/${VERSION}/remoteEntry.js`);
    expect(entry.status, site.name).toBe(200);
    expect(entry.headers.get('cache-control'), site.name).toBe('public, max-age=31536000, immutable');
  }
  // Each fetched it into its own cache.
  for (const i of [1, 2])
    await expect(
      fs.stat(path.join(cluster.siteCacheDir(i), REMOTE, VERSION, 'server', 'remoteEntry.js')),
    ).resolves.toBeTruthy();

  // And a browser through nginx sees it, loading the version's files from /remotes/.
  const loaded = new Set<string>();
  page.on('response', (response) => {
    const match = new URL(response.url()).pathname.match(/^\/remotes\/mfe-content\/([^/]+)\//);
    if (match?.[1]) loaded.add(decodeURIComponent(match[1]));
  });
  await page.goto(`${cluster.url}/about`);
  await expect(page.locator('[data-boundary="content"] h1').first()).toHaveText(CHANGED);
  expect([...loaded]).toEqual([VERSION]);

  const rolledBack = await teamRelease(token, 'rollback', REMOTE);
  expect(rolledBack.stderr).toBe('');
  expect(rolledBack.code).toBe(0);
  for (const site of cluster.sites) {
    expect(await liveOn(site.port), site.name).toBe(base);
    const html = await (await fetch(`http://127.0.0.1:${site.port}/about`)).text();
    expect(html, site.name).not.toContain(CHANGED);
    expect(html, site.name).toContain(HEADING);
  }
});
