import { promises as fs } from 'node:fs';
import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Registry } from '@metrology/shared/contracts';
import {
  previousGoodVersion,
  publishRelease,
  readRegistry,
  registryFile,
  releaseStatus,
  rollbackRelease,
  updateRegistry,
  releaseStore,
} from '../registry.js';
import { fakeBuild, tempDir } from './release-fixtures';

let root: string;
let releasesDir: string;

beforeEach(async () => {
  root = await tempDir('registry-test');
  releasesDir = path.join(root, 'releases');
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

let clock = Date.parse('2025-03-01T10:00:00Z');
const now = () => new Date((clock += 60_000));

async function publish(remote: string, version: string, marker = version) {
  return publishRelease({
    store: releaseStore(releasesDir),
    remote,
    distDir: await fakeBuild(root, remote, marker),
    version,
    commit: 'abc1234',
    now,
  });
}

async function entries(dir: string): Promise<string[]> {
  return (await fs.readdir(dir)).sort();
}

describe('publishRelease', () => {
  test('copies the build into <remote>/<version>, makes it live and starts its history', async () => {
    const release = await publish('mfe-content', '1.0.0');
    expect(release).toMatchObject({ version: '1.0.0', commit: 'abc1234' });
    expect(release.previous).toBeUndefined();
    const registry = await readRegistry(releasesDir);
    expect(registry.remotes['mfe-content']).toEqual({
      current: '1.0.0',
      history: [
        {
          version: '1.0.0',
          publishedAt: release.publishedAt,
          commit: 'abc1234',
          liveAt: release.publishedAt,
        },
      ],
    });
    expect(await entries(path.join(releasesDir, 'mfe-content/1.0.0'))).toEqual([
      'mf-manifest.json',
      'remoteEntry.js',
      'server',
    ]);
    expect(await entries(path.join(releasesDir, 'mfe-content/1.0.0/server'))).toEqual(['remoteEntry.js']);
    // Nothing half-done is left beside it.
    expect(await entries(path.join(releasesDir, 'mfe-content'))).toEqual(['1.0.0']);
    expect(await entries(releasesDir)).toEqual([
      'actions.jsonl',
      'mfe-content',
      'registry.json',
      'registry.json.last-good',
    ]);
  });

  test('a second version goes live, keeps the first in history (oldest first) and leaves other remotes alone', async () => {
    await publish('mfe-catalog', '2.0.0');
    await publish('mfe-content', '1.0.0');
    const second = await publish('mfe-content', '1.1.0');
    expect(second.previous).toBe('1.0.0');
    const registry = await readRegistry(releasesDir);
    expect(registry.remotes['mfe-content']?.current).toBe('1.1.0');
    expect(registry.remotes['mfe-content']?.history.map((r) => r.version)).toEqual(['1.0.0', '1.1.0']);
    expect(registry.remotes['mfe-catalog']?.current).toBe('2.0.0');
    // The first version's files are untouched.
    expect(await fs.readFile(path.join(releasesDir, 'mfe-content/1.0.0/remoteEntry.js'), 'utf8')).toContain(
      '1.0.0',
    );
  });

  test('refuses a version that is already published and changes nothing', async () => {
    await publish('mfe-content', '1.0.0', 'first');
    const before = await fs.readFile(registryFile(releasesDir), 'utf8');
    await expect(publish('mfe-content', '1.0.0', 'second')).rejects.toThrow(
      'mfe-content 1.0.0 is already published; versions are immutable',
    );
    expect(await fs.readFile(registryFile(releasesDir), 'utf8')).toBe(before);
    expect(await fs.readFile(path.join(releasesDir, 'mfe-content/1.0.0/remoteEntry.js'), 'utf8')).toContain(
      'first',
    );
    expect(await entries(path.join(releasesDir, 'mfe-content'))).toEqual(['1.0.0']);
  });

  test.each([
    ['an unknown remote', 'mfe-nope', '1.0.0', "Unknown remote 'mfe-nope'"],
    ['a version that is not semver', 'mfe-content', 'v1', "'v1' is not a version like 1.4.0"],
    ['a path as a version', 'mfe-content', '../1.0.0', 'is not a version'],
  ])('refuses %s', async (_case, remote, version, message) => {
    await expect(
      publishRelease({
        store: releaseStore(releasesDir),
        remote,
        distDir: await fakeBuild(root, 'mfe-content'),
        version,
        commit: 'x',
      }),
    ).rejects.toThrow(message);
    expect(await readRegistry(releasesDir)).toEqual({ remotes: {} });
  });

  test('refuses a folder that is not a build, or is the build of another remote', async () => {
    const empty = await tempDir('not-a-build');
    await expect(
      publishRelease({
        store: releaseStore(releasesDir),
        remote: 'mfe-content',
        distDir: empty,
        version: '1.0.0',
        commit: 'x',
      }),
    ).rejects.toThrow('holds no production build of mfe-content');
    await expect(
      publishRelease({
        store: releaseStore(releasesDir),
        remote: 'mfe-content',
        distDir: await fakeBuild(root, 'mfe-catalog'),
        version: '1.0.0',
        commit: 'x',
      }),
    ).rejects.toThrow("is a build of 'mfe_catalog', not of mfe-content");
    await fs.rm(empty, { recursive: true });
    expect(await readRegistry(releasesDir)).toEqual({ remotes: {} });
  });

  test('many publishes at once all land, each exactly once', async () => {
    const versions = Array.from({ length: 12 }, (_, i) => `1.${i}.0`);
    const builds = await Promise.all(versions.map((v) => fakeBuild(root, 'mfe-content', v)));
    const other = await fakeBuild(root, 'mfe-careers');
    await Promise.all([
      ...versions.map((version, i) =>
        publishRelease({
          store: releaseStore(releasesDir),
          remote: 'mfe-content',
          distDir: builds[i] as string,
          version,
          commit: 'c',
        }),
      ),
      publishRelease({
        store: releaseStore(releasesDir),
        remote: 'mfe-careers',
        distDir: other,
        version: '3.0.0',
        commit: 'c',
      }),
    ]);
    const registry = await readRegistry(releasesDir);
    const history = registry.remotes['mfe-content']?.history.map((r) => r.version) ?? [];
    expect([...history].sort()).toEqual([...versions].sort());
    expect(history).toContain(registry.remotes['mfe-content']?.current);
    expect(registry.remotes['mfe-careers']?.current).toBe('3.0.0');
  });

  test('two publishes of the same version at once: one lands, the other is refused', async () => {
    const [a, b] = await Promise.all([
      fakeBuild(root, 'mfe-content', 'a'),
      fakeBuild(root, 'mfe-content', 'b'),
    ]);
    const results = await Promise.allSettled([
      publishRelease({
        store: releaseStore(releasesDir),
        remote: 'mfe-content',
        distDir: a,
        version: '1.0.0',
        commit: 'a',
      }),
      publishRelease({
        store: releaseStore(releasesDir),
        remote: 'mfe-content',
        distDir: b,
        version: '1.0.0',
        commit: 'b',
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const registry = await readRegistry(releasesDir);
    expect(registry.remotes['mfe-content']?.history).toHaveLength(1);
    const winner = registry.remotes['mfe-content']?.history[0]?.commit;
    expect(await fs.readFile(path.join(releasesDir, 'mfe-content/1.0.0/remoteEntry.js'), 'utf8')).toContain(
      winner,
    );
    expect(await entries(path.join(releasesDir, 'mfe-content'))).toEqual(['1.0.0']);
  });
});

describe('the registry file', () => {
  test('a reader never sees a half-written registry while another process rewrites it', async () => {
    await publish('mfe-content', '1.0.0');
    // Another process rewrites the registry many times, with a big payload so each write takes a while.
    const writer = path.join(root, 'writer.mjs');
    // A plain Node process runs the built module (npm run build makes releases/dist).
    const registryModule = pathToFileURL(path.resolve(__dirname, '../../dist/registry.js')).href;
    await fs.writeFile(
      writer,
      `import { updateRegistry } from ${JSON.stringify(registryModule)};
       const dir = process.argv[2];
       for (let i = 0; i < 150; i++) {
         await updateRegistry(dir, async (registry) => {
           const entry = registry.remotes['mfe-content'];
           const history = Array.from({ length: 400 }, (_, n) => ({ version: '0.' + i + '.' + n, publishedAt: new Date().toISOString(), commit: 'c' + n }));
           return { registry: { remotes: { ...registry.remotes, 'mfe-content': { current: '0.' + i + '.0', history: [...entry.history.slice(0, 1), ...history] } } }, result: null };
         });
       }`,
    );
    const child = spawn(process.execPath, [writer, releasesDir], { stdio: ['ignore', 'ignore', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let running = true;
    void exited.then(() => (running = false));
    let reads = 0;
    const seen = new Set<string>();
    const failures: string[] = [];
    while (running) {
      const text = await fs.readFile(registryFile(releasesDir), 'utf8');
      reads += 1;
      try {
        const parsed = JSON.parse(text) as Registry;
        seen.add(parsed.remotes['mfe-content']?.current ?? 'none');
      } catch (error) {
        failures.push(`${(error as Error).message} (${text.length} bytes)`);
      }
    }
    expect(await exited).toBe(0);
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(20);
    expect(seen.size).toBeGreaterThan(3);
    const final = await readRegistry(releasesDir);
    expect(final.remotes['mfe-content']?.current).toBe('0.149.0');
    // No temp file or lock is left behind.
    expect(await entries(releasesDir)).toEqual([
      'actions.jsonl',
      'mfe-content',
      'registry.json',
      'registry.json.last-good',
    ]);
  }, 60_000);

  test('a lock left by a crashed process is broken; a live one is waited for', async () => {
    const lock = path.join(releasesDir, '.registry.lock');
    await fs.mkdir(lock, { recursive: true });
    // pid 2^22 + 1 is above Linux's pid_max, so no process owns it.
    await fs.writeFile(path.join(lock, 'owner'), `${hostname()}:4194305`);
    const started = Date.now();
    await publish('mfe-content', '1.0.0');
    expect(Date.now() - started).toBeLessThan(5_000);

    // An old lock (its owner unknown) is stale too.
    await fs.mkdir(lock);
    const old = new Date(Date.now() - 120_000);
    await fs.utimes(lock, old, old);
    await publish('mfe-content', '1.1.0');

    // A lock held by a live process (this one) is waited for, then the update goes ahead.
    await fs.mkdir(lock);
    await fs.writeFile(path.join(lock, 'owner'), `${hostname()}:${process.pid}`);
    let done = false;
    const pending = publish('mfe-content', '1.2.0').then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toBe(false);
    await fs.rm(lock, { recursive: true });
    await pending;
    expect((await readRegistry(releasesDir)).remotes['mfe-content']?.current).toBe('1.2.0');
  });

  test('a temp file left by a crash mid-write is ignored by readers', async () => {
    await publish('mfe-content', '1.0.0');
    await fs.writeFile(`${registryFile(releasesDir)}.999.dead.tmp`, '{"remotes": {"mfe-con');
    expect((await readRegistry(releasesDir)).remotes['mfe-content']?.current).toBe('1.0.0');
  });

  test('an update that throws leaves the registry as it was and releases the lock', async () => {
    await publish('mfe-content', '1.0.0');
    const before = await fs.readFile(registryFile(releasesDir), 'utf8');
    await expect(
      updateRegistry(releasesDir, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await fs.readFile(registryFile(releasesDir), 'utf8')).toBe(before);
    await publish('mfe-content', '1.1.0');
  });

  test('reading a registry that does not exist yet gives no remotes', async () => {
    expect(await readRegistry(path.join(root, 'nothing-here'))).toEqual({ remotes: {} });
  });
});

describe('rollbackRelease', () => {
  async function history() {
    const entry = (await readRegistry(releasesDir)).remotes['mfe-content'];
    return {
      current: entry?.current,
      rolledBack: entry?.history.filter((r) => r.rolledBackAt).map((r) => r.version),
    };
  }

  test('moves the pointer to the previous version; only the pointer changes', async () => {
    await publish('mfe-content', '1.0.0');
    await publish('mfe-content', '1.1.0');
    const files = await entries(path.join(releasesDir, 'mfe-content'));
    expect(await rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content', now })).toEqual({
      from: '1.1.0',
      to: '1.0.0',
      changed: true,
      action: 'rollback',
    });
    expect(await history()).toEqual({ current: '1.0.0', rolledBack: ['1.1.0'] });
    expect(await entries(path.join(releasesDir, 'mfe-content'))).toEqual(files);
  });

  test('the previous good version skips versions that were rolled back', async () => {
    await publish('mfe-content', '1.0.0');
    await publish('mfe-content', '1.1.0');
    await rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content' }); // 1.1.0 was bad
    await publish('mfe-content', '1.2.0');
    expect((await rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content' })).to).toBe(
      '1.0.0',
    );
    expect(await history()).toEqual({ current: '1.0.0', rolledBack: ['1.1.0', '1.2.0'] });
  });

  test('repeated rollbacks walk back through history until the oldest, which is refused', async () => {
    for (const v of ['1.0.0', '1.1.0', '1.2.0']) await publish('mfe-content', v);
    expect((await rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content' })).to).toBe(
      '1.1.0',
    );
    expect((await rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content' })).to).toBe(
      '1.0.0',
    );
    await expect(
      rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content' }),
    ).rejects.toThrow(
      'mfe-content 1.0.0 has no earlier good version to roll back to (history: 1.0.0, 1.1.0, 1.2.0)',
    );
    expect((await history()).current).toBe('1.0.0');
  });

  test('--to a named version: back marks the one left, forward marks nothing and clears the target', async () => {
    for (const v of ['1.0.0', '1.1.0', '1.2.0']) await publish('mfe-content', v);
    await rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content', to: '1.0.0' });
    expect(await history()).toEqual({ current: '1.0.0', rolledBack: ['1.2.0'] });
    await rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content', to: '1.2.0' });
    expect(await history()).toEqual({ current: '1.2.0', rolledBack: [] });
    await rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content', to: '1.1.0' });
    expect(await history()).toEqual({ current: '1.1.0', rolledBack: ['1.2.0'] });
  });

  test('--to the live version changes nothing', async () => {
    await publish('mfe-content', '1.0.0');
    const before = await fs.readFile(registryFile(releasesDir), 'utf8');
    expect(
      await rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content', to: '1.0.0' }),
    ).toEqual({
      from: '1.0.0',
      to: '1.0.0',
      changed: false,
      action: 're-promote',
    });
    expect(await fs.readFile(registryFile(releasesDir), 'utf8')).toBe(before);
  });

  test.each([
    [
      'a version never published',
      { to: '9.9.9' },
      'mfe-content 9.9.9 was never published (published: 1.0.0, 1.1.0)',
    ],
    ['a malformed version', { to: 'latest' }, "'latest' is not a version"],
  ])('refuses %s', async (_case, options, message) => {
    await publish('mfe-content', '1.0.0');
    await publish('mfe-content', '1.1.0');
    await expect(
      rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content', ...options }),
    ).rejects.toThrow(message);
    expect((await history()).current).toBe('1.1.0');
  });

  test('refuses a remote never published, and a version whose files are gone', async () => {
    await expect(
      rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-careers' }),
    ).rejects.toThrow('mfe-careers has never been published');
    await publish('mfe-content', '1.0.0');
    await publish('mfe-content', '1.1.0');
    await fs.rm(path.join(releasesDir, 'mfe-content/1.0.0'), { recursive: true });
    await expect(
      rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content' }),
    ).rejects.toThrow('The files of mfe-content 1.0.0 are missing');
    expect((await history()).current).toBe('1.1.0');
  });

  test('rollbacks and publishes at once do not lose each other', async () => {
    await publish('mfe-content', '1.0.0');
    await publish('mfe-content', '1.1.0');
    await Promise.all([
      rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content' }),
      publish('mfe-catalog', '5.0.0'),
      publish('mfe-careers', '6.0.0'),
    ]);
    const registry = await readRegistry(releasesDir);
    expect(registry.remotes['mfe-content']?.current).toBe('1.0.0');
    expect(registry.remotes['mfe-catalog']?.current).toBe('5.0.0');
    expect(registry.remotes['mfe-careers']?.current).toBe('6.0.0');
  });
});

describe('previousGoodVersion', () => {
  const r = (version: string, rolledBack = false, staged = false) => ({
    version,
    publishedAt: '2025-01-01T00:00:00Z',
    commit: 'c',
    ...(staged ? { staged } : { liveAt: '2025-01-01T00:00:00Z' }),
    ...(rolledBack ? { rolledBackAt: '2025-01-02T00:00:00Z' } : {}),
  });
  test.each([
    ['the one before the live one', { current: '3', history: [r('1'), r('2'), r('3')] }, '2'],
    ['skipping rolled-back ones', { current: '3', history: [r('1'), r('2', true), r('3')] }, '1'],
    ['never a newer one', { current: '2', history: [r('1'), r('2'), r('3', true)] }, '1'],
    ['none before the first', { current: '1', history: [r('1'), r('2', true)] }, undefined],
    [
      'none when all earlier were rolled back',
      { current: '3', history: [r('1', true), r('2', true), r('3')] },
      undefined,
    ],
    ['never one that was only staged', { current: '3', history: [r('1'), r('2', false, true), r('3')] }, '1'],
  ])('%s', (_case, entry, expected) => {
    expect(previousGoodVersion(entry)).toBe(expected);
  });
});

describe('releaseStatus', () => {
  test('every remote keyed by name, with current and history of version, publishedAt and commit', async () => {
    await publish('mfe-content', '1.0.0');
    await publish('mfe-content', '1.1.0');
    await rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content' });
    const status = releaseStatus(await readRegistry(releasesDir));
    expect(Object.keys(status)).toEqual(['mfe-catalog', 'mfe-commerce', 'mfe-content', 'mfe-careers']);
    expect(status['mfe-content']).toEqual({
      current: '1.0.0',
      history: [
        { version: '1.0.0', publishedAt: expect.any(String), commit: 'abc1234' },
        { version: '1.1.0', publishedAt: expect.any(String), commit: 'abc1234' },
      ],
    });
    expect(status['mfe-catalog']).toEqual({ current: null, history: [] });
  });
});
