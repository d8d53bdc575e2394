// The shell released like a remote: each shell build is an immutable version in the release store with
// the same live pointer, rollback and action log; the site serves the live version's page, assets and render (never
// shell/dist once one is published) and the files of the last N versions, so a page opened before a deploy still
// loads its chunks; the (N+1)th version's files are not served.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  publishRelease,
  readRegistry,
  readReleaseActions,
  releaseStatus,
  rollbackRelease,
  startRollout,
  releaseStore,
} from '@metrology/releases/registry';
import { registryForPublic } from '../release-files.js';
import { createSiteServer } from '../server.js';
import { DEFAULT_SHELL_VERSIONS_SERVED, servedShellVersions } from '../shell-versions.js';
import {
  fakeBuild,
  fakeShellBuild,
  fakeShellFiles,
  tempDir,
} from '../../../releases/src/__tests__/release-fixtures';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let root: string;
let releasesDir: string;
let shellDir: string;
let site: FastifyInstance;

beforeAll(async () => {
  root = await tempDir('shell-release');
  releasesDir = path.join(root, 'releases');
  // shell/dist as a checkout has it: served only until a shell version is published.
  shellDir = await fakeShellBuild(root, 'working-tree');
  site = await createSiteServer({
    shellDir,
    releasesDir,
    apiPort: 1,
    geoUrl: 'http://127.0.0.1:9/{ip}/json/',
    deliveryFee: 10,
    pageCacheMs: 0,
    servedFlushMs: 3_600_000,
  });
});
afterAll(async () => {
  await site.close();
  await fs.rm(root, { recursive: true, force: true });
});

async function publishShell(marker: string) {
  return publishRelease({
    store: releaseStore(releasesDir),
    remote: 'shell',
    distDir: await fakeShellBuild(root, marker),
    version: marker,
    commit: 'abc1234',
    by: 'deploy@test',
  });
}

const get = (url: string) => site.inject({ method: 'GET', url });

describe('the shell in the release model', () => {
  it('is refused as a staged publish and as a rollout, with a message that says what to do', async () => {
    await expect(
      publishRelease({
        store: releaseStore(releasesDir),
        remote: 'shell',
        distDir: await fakeShellBuild(root, '0.9.0'),
        version: '0.9.0',
        commit: 'abc1234',
        staged: true,
      }),
    ).rejects.toThrow(/The shell is not rolled out in stages.*release rollback shell/);
    await expect(
      startRollout({
        store: releaseStore(releasesDir),
        remote: 'shell',
        version: '0.9.0',
        percent: 10,
        by: 'someone',
      }),
    ).rejects.toThrow(/The shell is not rolled out in stages/);
    // A remote's build is not a shell's.
    await expect(
      publishRelease({
        store: releaseStore(releasesDir),
        remote: 'shell',
        distDir: await fakeBuild(root, 'mfe-content'),
        version: '0.9.1',
        commit: 'abc1234',
      }),
    ).rejects.toThrow(/holds no production build of the shell/);
    expect((await readRegistry(releasesDir)).shell).toBeUndefined();
  });

  it('serves shell/dist while no shell is published', async () => {
    const page = await get('/about');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('shell working-tree');
    expect((await get(`/${fakeShellFiles('working-tree').chunk}`)).statusCode).toBe(200);
  });

  it('publishes a shell version apart from the remotes: live at once, in the log and status, never sent to browsers', async () => {
    const release = await publishShell('1.0.0');
    expect(release.live).toBe(true);
    const registry = await readRegistry(releasesDir);
    expect(registry.shell?.current).toBe('1.0.0');
    expect(registry.remotes).toEqual({});
    expect(await fs.stat(path.join(releasesDir, 'shell', '1.0.0', 'server', 'render.js'))).toBeTruthy();
    expect(releaseStatus(registry).shell?.current).toBe('1.0.0');
    const [row] = await readReleaseActions({ store: releaseStore(releasesDir), limit: 1 });
    expect(row).toMatchObject({ action: 'publish', remote: 'shell', version: '1.0.0', actor: 'deploy@test' });
    expect(registryForPublic(registry, { sessionId: 's', previews: {} }).registry).toEqual({ remotes: {} });
    const served = await get('/remotes/registry.json');
    expect(JSON.parse(served.body)).toEqual({ remotes: {} });
  });

  it('renders and serves the live version, not shell/dist', async () => {
    const page = await get('/about');
    expect(page.body).toContain('shell 1.0.0');
    expect(page.body).not.toContain('working-tree');
    const main = await get(`/${fakeShellFiles('1.0.0').main}`);
    expect(main.statusCode).toBe(200);
    expect(main.body).toBe('/* shell 1.0.0 main */');
    expect(main.headers['cache-control']).toBe(IMMUTABLE);
    const favicon = await get('/favicon.svg');
    expect(favicon.body).toContain('1.0.0');
    expect(favicon.headers['cache-control']).toBe('no-cache');
    // The working tree's own chunk is not a published version's: not served any more.
    expect((await get(`/${fakeShellFiles('working-tree').chunk}`)).statusCode).toBe(404);
    // The Node render and the asset list stay on the server.
    expect((await get('/server/render.js')).statusCode).toBe(404);
    expect((await get('/page-assets.json')).statusCode).toBe(404);
  });

  it(`keeps the files of the last ${DEFAULT_SHELL_VERSIONS_SERVED} versions served, not the one before them`, async () => {
    const markers = ['1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0'];
    for (const marker of markers) await publishShell(marker);
    // Live 1.5.0, then 1.4.0 ... 1.1.0: five versions; 1.0.0 is the sixth.
    for (const marker of markers) {
      const chunk = await get(`/${fakeShellFiles(marker).chunk}`);
      expect(`${marker}: ${chunk.statusCode} ${chunk.body}`).toBe(
        `${marker}: 200 /* shell ${marker} chunk */`,
      );
      expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    }
    expect((await get(`/${fakeShellFiles('1.0.0').chunk}`)).statusCode).toBe(404);
    expect((await get(`/${fakeShellFiles('1.0.0').main}`)).statusCode).toBe(404);
    expect((await get('/about')).body).toContain('shell 1.5.0');
  });

  it('rolls back by the pointer alone: the version left stays served, and the log names it', async () => {
    const result = await rollbackRelease({
      store: releaseStore(releasesDir),
      remote: 'shell',
      by: 'manager@test',
      why: 'bad header',
    });
    expect(result).toMatchObject({ from: '1.5.0', to: '1.4.0', changed: true, action: 'rollback' });
    expect((await get('/about')).body).toContain('shell 1.4.0');
    expect((await get('/favicon.svg')).body).toContain('1.4.0');
    expect((await get(`/${fakeShellFiles('1.5.0').chunk}`)).statusCode).toBe(200);
    const [row] = await readReleaseActions({ store: releaseStore(releasesDir), limit: 1 });
    expect(row).toMatchObject({
      action: 'rollback',
      remote: 'shell',
      from: '1.5.0',
      to: '1.4.0',
      why: 'bad header',
    });
  });
});

describe('servedShellVersions', () => {
  const entry = (current: string, versions: string[]) => ({
    current,
    history: versions.map((version) => ({ version, publishedAt: '2026-01-01T00:00:00Z', commit: 'c' })),
  });
  it.each([
    ['the live one first, then newest published', entry('5', ['1', '2', '3', '4', '5']), 3, ['5', '4', '3']],
    ['after a rollback the version left comes second', entry('3', ['1', '2', '3', '4']), 3, ['3', '4', '2']],
    ['fewer published than N', entry('1', ['1']), 5, ['1']],
    ['nothing published', undefined, 5, []],
  ])('%s', (_name, given, count, expected) => {
    expect(servedShellVersions(given, count)).toEqual(expected);
  });
});
