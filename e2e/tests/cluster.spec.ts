import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Response } from '@playwright/test';
import type { ReleaseDeskResponse } from '@metrology/shared/contracts';
import { startCluster } from '../../tools/src/cluster.mjs';
import { createAccount, type Account } from '../support/back-office-accounts';
import { freePort } from '../../tools/src/free-port.mjs';
import { test, expect } from '../support/fixtures';
import { buildShellElsewhere, pageAssets } from '../support/shell-build';

/**
 * The cluster (nginx, two APIs, two site servers, one PostgreSQL): a release published and rolled back with the
 * release CLI against the cluster's database is seen through both site instances on their next request, by the
 * browser and by each instance's registry.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REMOTE = 'mfe-content';
const HEADING = 'About Us';
const CHANGED = 'About Us — cluster edition';
const VERSION = `9.1.0-cluster.${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let cluster: Awaited<ReturnType<typeof startCluster>>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster({ port: await freePort(), host: '127.0.0.1', output: 'ignore' });
});
test.afterAll(async () => {
  await cluster?.stop();
});

function release(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'tools/scripts/release.mjs'), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: cluster.databaseUrl, RELEASES_DIR: cluster.releasesDir },
      },
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

/**
 * Loads /about once from each site instance, the page's other requests going through nginx as usual; returns
 * the heading and the content versions the browser loaded, per instance. The document is sent to the instance
 * by name: nginx's turn-taking cannot be steered from a test (each nginx worker keeps its own turn, and a
 * request on another connection may land on the other worker), so asking nginx for "the other instance" could
 * give the same one every time.
 */
async function throughBothSites(page: Page): Promise<Map<string, { heading: string; versions: string[] }>> {
  const seen = new Map<string, { heading: string; versions: string[] }>();
  for (const site of cluster.sites) {
    const versions = new Set<string>();
    const onResponse = (response: Response) => {
      const pathname = new URL(response.url()).pathname;
      const match = pathname.match(/^\/remotes\/mfe-content\/([^/]+)\//);
      if (match?.[1]) versions.add(decodeURIComponent(match[1]));
    };
    // The page's own URL stays the cluster's; only the document's request goes to this instance.
    await page.route(`${cluster.url}/about`, (route) =>
      route.continue({ url: `http://127.0.0.1:${site.port}/about` }),
    );
    page.on('response', onResponse);
    const document = await page.goto(`${cluster.url}/about`);
    expect(document?.status(), site.name).toBe(200);
    // Straight from the instance: nginx names the instance on everything it forwards.
    expect(document?.headers()['x-served-by'], site.name).toBeUndefined();
    const heading = (await page.locator('[data-boundary="content"] h1').first().textContent()) ?? '';
    page.off('response', onResponse);
    await page.unroute(`${cluster.url}/about`);
    seen.set(site.name, { heading: heading.trim(), versions: [...versions] });
  }
  return seen;
}

test('a publish and a rollback against the cluster are seen through both site instances on the next request', async ({
  page,
}) => {
  const base = await liveOn(cluster.sites[0]!.port);
  expect(base).toBeTruthy();

  // A real build of the remote with one visible change, published with the release CLI on DATABASE_URL.
  const variant = path.join(cluster.dataDir, `variant-${VERSION}`);
  await fs.cp(path.join(ROOT, REMOTE, 'dist'), variant, { recursive: true });
  let changedFiles = 0;
  // Both builds of the version: the browser's and the Node one the site servers render with.
  for (const dir of [variant, path.join(variant, 'server')]) {
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
  const published = await release('publish', REMOTE, '--version', VERSION, '--dist', variant);
  expect(published.stderr).toBe('');
  expect(published.code).toBe(0);

  for (const site of cluster.sites) expect(await liveOn(site.port)).toBe(VERSION);
  let seen = await throughBothSites(page);
  expect(seen.size).toBe(2);
  for (const [instance, view] of seen) {
    expect(view, instance).toEqual({ heading: CHANGED, versions: [VERSION] });
  }

  const rolledBack = await release('rollback', REMOTE);
  expect(rolledBack.stdout).toContain(`${REMOTE} ${base} is live now (was ${VERSION})`);
  expect(rolledBack.code).toBe(0);

  // No restart, no cache: each instance's next request has the old pointer.
  for (const site of cluster.sites) expect(await liveOn(site.port)).toBe(base);
  seen = await throughBothSites(page);
  expect(seen.size).toBe(2);
  for (const [instance, view] of seen) {
    expect(view, instance).toEqual({ heading: HEADING, versions: [base] });
  }

  const status = JSON.parse((await release('status', '--json')).stdout) as Record<
    string,
    { current: string }
  >;
  expect(status[REMOTE]?.current).toBe(base);
});

test('the release desk on either API moves the pointer both site instances read', async () => {
  // A release manager made with the operator's tool on the cluster's database (PostgreSQL: the API keeps running).
  const manager: Account = {
    email: `desk.${Date.now()}@example.com`,
    name: 'Desk Manager',
    password: 'cluster desk password 1',
    role: 'release-manager',
  };
  createAccount(manager, { DATABASE_URL: cluster.databaseUrl });
  const [one, two] = cluster.apis.map((a) => a.port) as [number, number];
  const api = async (port: number, route: string, body?: unknown, token?: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const { token } = (await api(one, '/api/user/login', { email: manager.email, password: manager.password }))
    .body as { token: string };
  expect(token).toBeTruthy();
  // The first test published VERSION and rolled back to the version before it.
  const base = await liveOn(cluster.sites[0]!.port);
  expect(base).not.toBe(VERSION);

  const promoted = await api(two, '/api/releases/rollback', { remote: REMOTE, to: VERSION }, token);
  expect(promoted.body).toMatchObject({
    success: true,
    message: `${REMOTE} ${VERSION} is live now (was ${base}).`,
  });
  for (const site of cluster.sites) expect(await liveOn(site.port)).toBe(VERSION);

  const back = await api(one, '/api/releases/rollback', { remote: REMOTE }, token);
  expect(back.body).toMatchObject({
    success: true,
    message: `${REMOTE} ${base} is live now (was ${VERSION}).`,
  });
  for (const site of cluster.sites) expect(await liveOn(site.port)).toBe(base);
  // Both desks show the same pointer, and the release CLI on DATABASE_URL agrees.
  for (const port of [one, two]) {
    const desk = (await api(port, '/api/releases/desk', undefined, token)).body as ReleaseDeskResponse;
    expect(desk.remotes.find((r) => r.remote === REMOTE)?.current).toBe(base);
  }
  const status = JSON.parse((await release('status', '--json')).stdout) as Record<
    string,
    { current: string }
  >;
  expect(status[REMOTE]?.current).toBe(base);
});

test('a session and a cart work whichever API instance answers', async () => {
  const api = (port: number, route: string, body: unknown, token?: string) =>
    fetch(`http://127.0.0.1:${port}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
  const [one, two] = cluster.apis.map((a) => a.port) as [number, number];
  const { token } = (await api(one, '/api/user/register', {
    name: 'Cluster Buyer',
    email: `cluster.${Date.now()}@example.com`,
    password: 'cluster password 1',
  })) as { token: string };
  const { products: all } = (await (await fetch(`http://127.0.0.1:${two}/api/product/list`)).json()) as {
    products: { _id: string; price: number }[];
  };
  const products = all.filter((p) => p.price > 0);
  await api(two, '/api/cart/add', { itemId: products[0]!._id, quantity: 3 }, token);
  const cart = (await api(one, '/api/cart/get', {}, token)) as { cartData: Record<string, number> };
  expect(cart.cartData).toEqual({ [products[0]!._id]: 3 });
});

test('a rolling deploy replaces each instance once it is ready; a build that is not ready stops it', async () => {
  const instances = () => [...cluster.apis, ...cluster.sites];
  const ports = () => instances().map((instance) => instance.port);
  const before = instances().map((instance) => ({ port: instance.port, child: instance.child }));
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  // The deploy releases a new shell build (a real one, under other hashed names) rather than rebuilding a folder
  // the site servers serve.
  const shellBefore = (await cluster.store.read()).shell?.current ?? '';
  const oldShell = await pageAssets(path.join(ROOT, 'shell/dist'));
  const shellDist = path.join(cluster.dataDir, 'next-shell');
  await buildShellElsewhere(shellDist, `cluster-${VERSION}`);
  const newShell = await pageAssets(shellDist);
  expect(await cluster.deploy({ log, shellDist })).toEqual({
    ok: true,
    replaced: ['api-1', 'api-2', 'site-1', 'site-2'],
  });
  expect(lines.filter((line) => line.includes('the new build is ready'))).toHaveLength(4);
  expect(lines).toContainEqual(expect.stringMatching(/^shell: published \S+ and made it live \(was /));
  const shellAfter = (await cluster.store.read()).shell?.current ?? '';
  expect(shellAfter).not.toBe(shellBefore);
  // Each site server, from its own cache: the new shell's page, its files, and the older shell's files still.
  for (const [i, site] of cluster.sites.entries()) {
    const page = await (await fetch(`http://127.0.0.1:${site.port}/about`)).text();
    expect(page, site.name).toContain(`/${newShell.js[0]}`);
    for (const file of [newShell.js[0], oldShell.js[0]]) {
      const served = await fetch(`http://127.0.0.1:${site.port}/${file}`);
      expect(`${site.name} ${file} ${served.status}`).toBe(`${site.name} ${file} 200`);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    await fs.stat(path.join(cluster.siteCacheDir(i + 1), 'shell', shellAfter, 'index.html'));
  }
  // New processes behind the same ports (nginx untouched); the old ones have exited.
  const after = ports();
  expect(after).toEqual(before.map((b) => b.port));
  for (const [i, instance] of instances().entries()) {
    expect(instance.child.pid).not.toBe(before[i]!.child.pid);
    expect(before[i]!.child.exitCode ?? before[i]!.child.signalCode).not.toBeNull();
  }
  for (let i = 0; i < 4; i += 1) {
    expect((await fetch(`${cluster.url}/api/health/ready`)).status).toBe(200);
    expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200);
  }

  // A build whose API never becomes ready: stopped, nothing else changed, the shop still answers.
  lines.length = 0;
  const notReady = path.join(ROOT, 'tools/scripts/bench/not-ready-api.mjs');
  expect(await cluster.deploy({ log, apiEntry: notReady, readyTimeoutMs: 5000 })).toEqual({
    ok: false,
    replaced: [],
  });
  expect(lines.at(-1)).toMatch(/^Deploy stopped; nothing else changed/);
  expect(ports()).toEqual(after);
  for (const instance of instances()) expect(instance.alive()).toBe(true);
  expect((await fetch(`${cluster.url}/api/product/list?limit=1`)).status).toBe(200);
});
