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
 * Teams shipping on `npm run cluster`: two site servers, each with its own empty cache and no shared folder
 * (the versions' files are in PostgreSQL, the artifact store). A team builds a remote in a checkout of its own (a
 * temporary copy of what it needs, with no RELEASES_DIR and no database) and publishes it with a deploy token over
 * HTTP, running the real `npm run release -- publish`; both site servers serve it, server-rendered, on their next
 * request; the same token rolls it back.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REMOTE = 'mfe-content';
const HEADING = 'About Us';
const CHANGED = 'About Us — shipped by the content team';
const VERSION = `9.2.0-team.${Date.now().toString(36)}`;

/**
 * What the content team's checkout holds: its remote, the shared build configuration and the release platform with
 * its CLI (releases/, built by `npm run release` itself). Its
 * node_modules is the shop's, by a symbolic link (a team's own `npm ci` would install the same packages).
 */
const TEAM_CHECKOUT = [
  'tsconfig.base.json',
  'mfe-content',
  'releases',
  'tools/package.json',
  'tools/federation',
  'tools/scripts/release.mjs',
  'tools/src',
  'tools/types',
];

// One webpack build of the remote (browser and Node builds) on top of the cluster: about a minute, more when busy.
test.describe.configure({ mode: 'serial', timeout: 360_000 });

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

/** The team's checkout: the files it needs, its own package.json, one visible change and a new version. */
async function teamCheckout(): Promise<void> {
  for (const entry of TEAM_CHECKOUT) {
    await fs.cp(path.join(ROOT, entry), path.join(team, entry), {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|dist|__tests__)$/.test(source),
    });
  }
  await fs.symlink(path.join(ROOT, 'node_modules'), path.join(team, 'node_modules'), 'dir');
  const shop = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    type?: string;
    scripts: Record<string, string>;
  };
  const release = shop.scripts.release;
  expect(release, "the shop's package.json has a release script").toBeTruthy();
  await fs.writeFile(
    path.join(team, 'package.json'),
    JSON.stringify(
      {
        name: 'content-team',
        private: true,
        ...(shop.type ? { type: shop.type } : {}),
        workspaces: ['mfe-content', 'releases', 'tools'],
        scripts: { release },
      },
      null,
      2,
    ),
  );
  const page = path.join(team, 'mfe-content/src/pages/about-page.tsx');
  const source = await fs.readFile(page, 'utf8');
  expect(source, 'the About page has its heading').toContain(`<h1>${HEADING}</h1>`);
  await fs.writeFile(page, source.replace(`<h1>${HEADING}</h1>`, `<h1>${CHANGED}</h1>`));
  const manifest = path.join(team, 'mfe-content/package.json');
  const pkg = JSON.parse(await fs.readFile(manifest, 'utf8')) as { version: string };
  await fs.writeFile(manifest, JSON.stringify({ ...pkg, version: VERSION }, null, 2));
}

/**
 * `npm run release -- <args> --to <the cluster>` as a team's CI runs it: in its checkout, with the token, and no
 * RELEASES_DIR, database, signing key or settings of the npm run that started this test.
 */
function teamRelease(
  token: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, RELEASE_TOKEN: token };
  for (const name of Object.keys(env)) {
    if (
      name.startsWith('npm_') ||
      [
        'DATABASE_URL',
        'RELEASES_DIR',
        'DATA_DIR',
        'RELEASE_SIGNING_KEY',
        'RELEASE_URL',
        'INIT_CWD',
        'BUILD_OUTPUT_DIR',
      ].includes(name)
    )
      delete env[name];
  }
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'release', '--', ...args, '--to', cluster.url],
      { cwd: team, env, maxBuffer: 16 * 1024 * 1024 },
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

test('a version built in a team checkout and published with a deploy token is served server-rendered by both site servers from their own caches, and the token rolls it back', async ({
  page,
}) => {
  const base = await liveOn(cluster.sites[0]!.port);
  expect(base).toBeTruthy();
  const token = await deployToken();
  await teamCheckout();

  // The real CLI builds the remote there with webpack (both builds), packs them and uploads the pack.
  const started = Date.now();
  const published = await teamRelease(token, 'publish', REMOTE);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  test.info().annotations.push({ type: 'team build and publish', description: `${seconds} s` });
  console.log(`The team's webpack build of ${REMOTE} and its upload took ${seconds} s.`);
  expect(published.code, `${published.stdout}\n${published.stderr}`).toBe(0);
  expect(published.stderr).toContain(`Building ${REMOTE} for production`);
  expect(published.stdout).toContain(`Packed ${REMOTE} ${VERSION}`);
  expect(published.stdout).toContain(`Published ${REMOTE} ${VERSION}; it is live now (was ${base}).`);
  // Nothing in a shared folder: the files are in the database only, until a site server needs them. The team's
  // checkout has no releases of its own either (RELEASES_DIR's default is data/releases).
  await expect(fs.stat(path.join(team, 'data'))).rejects.toThrow();
  await expect(fs.stat(path.join(team, 'releases', 'registry.json'))).rejects.toThrow();
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
  expect(rolledBack.stdout).toContain(`${REMOTE} ${base} is live now (was ${VERSION})`);
  for (const site of cluster.sites) {
    expect(await liveOn(site.port), site.name).toBe(base);
    const html = await (await fetch(`http://127.0.0.1:${site.port}/about`)).text();
    expect(html, site.name).not.toContain(CHANGED);
    expect(html, site.name).toContain(HEADING);
  }
});
