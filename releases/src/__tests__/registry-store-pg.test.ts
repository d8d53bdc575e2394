import { promises as fs } from 'node:fs';
import path from 'node:path';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../tools/src/pg-cluster.mjs';
import { openPgRegistryStore, type PgRegistryStore } from '../pg-store.js';
import { publishForStart, publishLocalBuilds } from '../../../tools/src/publish-local.mjs';
import { REMOTE_NAMES, publishRelease, readRegistry, rollbackRelease, releaseStore } from '../registry.js';
import { runRelease, type ReleaseDeps } from '../cli.js';
import { fakeBuild, fakeShellBuild, tempDir, type FakeNodeBuild } from './release-fixtures';

// A real PostgreSQL 15 (Debian's postgresql-15, a throwaway cluster) takes a few seconds to start.
jest.setTimeout(120_000);

let server: ThrowawayPostgres;
let root: string;
beforeAll(async () => {
  server = await startThrowawayPostgres();
  root = await tempDir('registry-pg');
});
afterAll(async () => {
  await server?.stop();
  await fs.rm(root, { recursive: true, force: true });
});

describe('the release registry in PostgreSQL', () => {
  it('publishes and rolls back through the store; every reader sees the pointer at once', async () => {
    const releasesDir = path.join(root, 'shared-releases');
    const store = await openPgRegistryStore(server.url);
    const otherInstance = await openPgRegistryStore(server.url);
    try {
      for (const version of ['1.0.0', '1.1.0']) {
        await publishRelease({
          store: releaseStore(releasesDir, store),
          remote: 'mfe-content',
          distDir: await fakeBuild(root, 'mfe-content', version),
          version,
          commit: 'abc1234',
        });
      }
      expect((await otherInstance.read()).remotes['mfe-content']?.current).toBe('1.1.0');
      const result = await rollbackRelease({
        store: releaseStore(releasesDir, otherInstance),
        remote: 'mfe-content',
      });
      expect(result).toEqual({ from: '1.1.0', to: '1.0.0', changed: true, action: 'rollback' });
      const seen = JSON.parse(await store.readText());
      expect(seen.remotes['mfe-content'].current).toBe('1.0.0');
      expect(seen.remotes['mfe-content'].history.map((r: { version: string }) => r.version)).toEqual([
        '1.0.0',
        '1.1.0',
      ]);
      // The files are in the artifact store, in the same database; nothing is written to RELEASES_DIR.
      expect((await readRegistry(releasesDir)).remotes).toEqual({});
      await expect(fs.stat(releasesDir)).rejects.toThrow();
      expect(await otherInstance.artifacts.hasVersion('mfe-content', '1.1.0')).toBe(true);
    } finally {
      await store.close();
      await otherInstance.close();
    }
  });

  it('the release CLI on the store: --client-only is recorded, a Node build that does not load moves nothing', async () => {
    const releasesDir = path.join(root, 'cli-releases');
    const store = await openPgRegistryStore(server.url);
    const otherInstance = await openPgRegistryStore(server.url);
    const err: string[] = [];
    const deps: ReleaseDeps = {
      releasesDir,
      store,
      packageVersion: async () => '5.0.0',
      build: async () => {
        throw new Error('this test publishes --dist builds');
      },
      commit: () => 'c0ffee1',
      out: () => undefined,
      err: (line) => err.push(line),
    };
    /** @param node the build's Node half @param options more arguments */
    const publish = async (version: string, node: FakeNodeBuild, ...options: string[]) =>
      runRelease(
        [
          'publish',
          'mfe-careers',
          '--dist',
          await fakeBuild(root, 'mfe-careers', version, node),
          '--version',
          version,
          ...options,
        ],
        deps,
      );
    try {
      expect(await publish('5.0.0', 'loads')).toBe(0);
      expect(await publish('5.1.0', 'missing', '--client-only')).toBe(0);
      expect(await publish('5.2.0', 'throws')).toBe(1);
      expect(err).toEqual([
        'release: The Node build of mfe-careers 5.2.0 does not load (it throws when loaded: this Node build is broken); nothing was published.',
      ]);
      // What every site instance reads: the client-only flag kept in the history, the pointer on 5.1.0.
      expect((await otherInstance.read()).remotes['mfe-careers']).toEqual({
        current: '5.1.0',
        history: [
          {
            version: '5.0.0',
            publishedAt: expect.any(String),
            commit: 'c0ffee1',
            liveAt: expect.any(String),
            liveUntil: expect.any(String),
          },
          {
            version: '5.1.0',
            publishedAt: expect.any(String),
            commit: 'c0ffee1',
            clientOnly: true,
            liveAt: expect.any(String),
          },
        ],
      });
      // Stored: 5.0.0 with its Node build, 5.1.0 without; 5.2.0 not at all.
      const paths = async (version: string) =>
        (await otherInstance.artifacts.manifest('mfe-careers', version))?.files.map((file) => file.path);
      expect(await paths('5.0.0')).toEqual(['mf-manifest.json', 'remoteEntry.js', 'server/remoteEntry.js']);
      expect(await paths('5.1.0')).toEqual(['mf-manifest.json', 'remoteEntry.js']);
      expect(await paths('5.2.0')).toBeUndefined();
    } finally {
      await store.close();
      await otherInstance.close();
    }
  });

  it('serialises concurrent publishes from several processes: none is lost', async () => {
    const releasesDir = path.join(root, 'concurrent');
    const stores: PgRegistryStore[] = await Promise.all([1, 2, 3].map(() => openPgRegistryStore(server.url)));
    try {
      const remotes = ['mfe-catalog', 'mfe-commerce', 'mfe-careers'];
      await Promise.all(
        remotes.map(async (remote, i) =>
          publishRelease({
            store: releaseStore(releasesDir, stores[i]!),
            remote,
            distDir: await fakeBuild(root, remote),
            version: '2.0.0',
            commit: 'def5678',
          }),
        ),
      );
      const registry = await stores[0]!.read();
      for (const remote of remotes) expect(registry.remotes[remote]?.current).toBe('2.0.0');
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('copies an existing registry.json in when the table is empty', async () => {
    const url = new URL(server.url);
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE import_test');
    await admin.end();
    url.pathname = '/import_test';
    const releasesDir = path.join(root, 'file-registry');
    await publishRelease({
      store: releaseStore(releasesDir),
      remote: 'mfe-content',
      distDir: await fakeBuild(root, 'mfe-content'),
      version: '3.0.0',
      commit: 'aaa1111',
    });
    const store = await openPgRegistryStore(url.toString(), { importFrom: releasesDir });
    try {
      expect((await store.read()).remotes['mfe-content']?.current).toBe('3.0.0');
      // Its files too: from now on a site server needs no shared folder.
      expect(
        (await store.artifacts.manifest('mfe-content', '3.0.0'))?.files.map((file) => file.path),
      ).toEqual(['mf-manifest.json', 'remoteEntry.js', 'server/remoteEntry.js']);
    } finally {
      await store.close();
    }
  });

  it('npm start on DATABASE_URL publishes its local builds into the store the site reads, not registry.json', async () => {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE start_test');
    await admin.end();
    const url = new URL(server.url);
    url.pathname = '/start_test';
    // A checkout with a build of every remote, as `npm start` finds it after building.
    const repo = path.join(root, 'start-repo');
    for (const remote of REMOTE_NAMES) {
      await fs.mkdir(path.join(repo, remote), { recursive: true });
      await fs.writeFile(path.join(repo, remote, 'package.json'), JSON.stringify({ version: '1.0.0' }));
      await fs.rename(await fakeBuild(root, remote, 'start'), path.join(repo, remote, 'dist'));
    }
    // ...and of the shell, published like them.
    await fs.mkdir(path.join(repo, 'shell'), { recursive: true });
    await fs.writeFile(path.join(repo, 'shell', 'package.json'), JSON.stringify({ version: '1.0.0' }));
    await fs.rename(await fakeShellBuild(root, 'start'), path.join(repo, 'shell', 'dist'));
    const releasesDir = path.join(root, 'start-releases');
    // An earlier `npm start` without DATABASE_URL published mfe-content's same build into registry.json.
    await publishLocalBuilds(releasesDir, { root: repo, log: () => undefined });
    const fileBefore = await fs.readFile(path.join(releasesDir, 'registry.json'), 'utf8');

    const published: string[] = [];
    await publishForStart(releasesDir, {
      databaseUrl: url.toString(),
      root: repo,
      log: (line) => published.push(line),
    });
    // Every build was already in registry.json, which the store took in: nothing published twice.
    expect(published).toEqual([]);
    const store = await openPgRegistryStore(url.toString());
    try {
      const served = JSON.parse(await store.readText());
      for (const remote of REMOTE_NAMES) expect(served.remotes[remote].current).toBe('1.0.0');
      expect(served.shell.current).toBe('1.0.0');

      // A changed build of one remote: the next start publishes it into the store; registry.json stays as it was.
      await fs.writeFile(
        path.join(repo, 'mfe-careers', 'dist', 'remoteEntry.js'),
        '/* mfe-careers changed */',
      );
      await publishForStart(releasesDir, {
        databaseUrl: url.toString(),
        root: repo,
        log: (line) => published.push(line),
      });
      expect(published).toEqual([
        expect.stringMatching(/^Published mfe-careers 1\.0\.0-local\.[0-9a-f]{8}$/),
      ]);
      const after = JSON.parse(await store.readText());
      expect(after.remotes['mfe-careers'].current).toMatch(/^1\.0\.0-local\./);
      expect(after.remotes['mfe-careers'].history).toHaveLength(2);
      expect(await fs.readFile(path.join(releasesDir, 'registry.json'), 'utf8')).toBe(fileBefore);
    } finally {
      await store.close();
    }
  });
});
