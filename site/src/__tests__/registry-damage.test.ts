// A registry.json cut short by a bad write: the site serves the last good copy, readiness says why, `release
// status` shows the damage and `release repair` makes it good again. And /config.json ignores crafted headers.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { runRelease, type ReleaseDeps } from '@metrology/releases/cli';
import {
  lastGoodFile,
  publishRelease,
  readRegistry,
  readRegistryWithFallback,
  registryFile,
  releaseStore,
} from '@metrology/releases/registry';
import { createSiteServer } from '../server.js';
import { fakeBuild, tempDir } from '../../../releases/src/__tests__/release-fixtures';

async function setup() {
  const root = await tempDir('registry-damage');
  const releasesDir = path.join(root, 'releases');
  const shellDir = path.join(root, 'shell');
  await fs.mkdir(shellDir, { recursive: true });
  await fs.writeFile(path.join(shellDir, 'index.html'), '<!doctype html><title>shop</title>');
  for (const version of ['1.0.0', '1.1.0']) {
    await publishRelease({
      store: releaseStore(releasesDir),
      remote: 'mfe-content',
      distDir: await fakeBuild(root, 'mfe-content', version),
      version,
      commit: 'abc',
    });
  }
  await publishRelease({
    store: releaseStore(releasesDir),
    remote: 'mfe-catalog',
    distDir: await fakeBuild(root, 'mfe-catalog'),
    version: '2.0.0',
    commit: 'abc',
  });
  return { root, releasesDir, shellDir };
}

async function cutInHalf(file: string) {
  const text = await fs.readFile(file, 'utf8');
  await fs.writeFile(file, text.slice(0, Math.floor(text.length / 2)));
}

function cli(releasesDir: string) {
  const out: string[] = [];
  const err: string[] = [];
  const deps: ReleaseDeps = {
    releasesDir,
    packageVersion: async () => '9.9.9',
    build: async () => {
      throw new Error('no build in this test');
    },
    commit: () => 'test',
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  };
  return { deps, out, err };
}

test('a registry cut in half: the site serves the last good copy, /readyz says why, the CLI shows and repairs it', async () => {
  const { releasesDir, shellDir } = await setup();
  const good = await fs.readFile(registryFile(releasesDir), 'utf8');
  await cutInHalf(registryFile(releasesDir));
  await expect(readRegistry(releasesDir)).rejects.toThrow(/registry\.json is damaged/);

  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const site = await createSiteServer({
    shellDir,
    releasesDir,
    apiPort: 1,
    geoUrl: '',
    deliveryFee: 10,
  });
  try {
    const served = await site.inject({ method: 'GET', url: '/remotes/registry.json' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-registry-source']).toBe('last-good');
    expect(JSON.parse(served.body)).toEqual(JSON.parse(good));
    expect(JSON.parse(served.body).remotes['mfe-content'].current).toBe('1.1.0');
    expect(errors.mock.calls.flat().join(' ')).toMatch(/registry\.json is damaged/);
    const ready = await site.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().reason).toMatch(/release pointer is damaged/);
    expect((await site.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    // The copy itself is not served as a file.
    expect((await site.inject({ method: 'GET', url: '/remotes/registry.json.last-good' })).statusCode).toBe(
      404,
    );
  } finally {
    await site.close();
    errors.mockRestore();
  }

  const status = cli(releasesDir);
  expect(await runRelease(['status'], status.deps)).toBe(1);
  expect(status.err.join('\n')).toMatch(/DAMAGED: .*registry\.json is damaged/);
  expect(status.err.join('\n')).toMatch(/release -- repair/);
  expect(status.out.join('\n')).toMatch(/mfe-content\s+1\.0\.0/);

  const repair = cli(releasesDir);
  expect(await runRelease(['repair'], repair.deps)).toBe(0);
  expect(repair.out.join('\n')).toMatch(/Repaired registry\.json from its last good copy/);
  expect(await readRegistry(releasesDir)).toEqual(JSON.parse(good));
  const after = cli(releasesDir);
  expect(await runRelease(['status'], after.deps)).toBe(0);
  expect(after.err).toEqual([]);
});

test('a rollback on a damaged registry works from the last good copy', async () => {
  const { releasesDir } = await setup();
  await cutInHalf(registryFile(releasesDir));
  const warn = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const run = cli(releasesDir);
    expect(await runRelease(['rollback', 'mfe-content'], run.deps)).toBe(0);
    expect(run.out.join('\n')).toMatch(/mfe-content 1\.0\.0 is live now \(was 1\.1\.0\)/);
    expect(warn.mock.calls.flat().join(' ')).toMatch(/last good copy/);
  } finally {
    warn.mockRestore();
  }
  const registry = await readRegistry(releasesDir);
  expect(registry.remotes['mfe-content']?.current).toBe('1.0.0');
  expect(registry.remotes['mfe-catalog']?.current).toBe('2.0.0');
});

test('with no last good copy either, repair rebuilds the registry from the published folders', async () => {
  const { releasesDir } = await setup();
  // A version folder without a Node build (a --client-only publish) is rebuilt as one.
  await fs.rm(path.join(releasesDir, 'mfe-catalog/2.0.0/server'), { recursive: true });
  await cutInHalf(registryFile(releasesDir));
  await fs.rm(lastGoodFile(releasesDir));
  const reading = await readRegistryWithFallback(releasesDir);
  expect(reading.source).toBe('none');
  expect(reading.damage).toMatch(/no last good copy/);
  const rollback = cli(releasesDir);
  expect(await runRelease(['rollback', 'mfe-content'], rollback.deps)).toBe(1);
  expect(rollback.err.join('\n')).toMatch(/release -- repair/);

  const repair = cli(releasesDir);
  expect(await runRelease(['repair'], repair.deps)).toBe(0);
  expect(repair.out.join('\n')).toMatch(/Rebuilt registry\.json from the published version folders/);
  const registry = await readRegistry(releasesDir);
  expect(registry.remotes['mfe-content']?.history.map((r) => r.version).sort()).toEqual(['1.0.0', '1.1.0']);
  expect(registry.remotes['mfe-content']?.history.some((r) => 'clientOnly' in r)).toBe(false);
  expect(registry.remotes['mfe-catalog']?.current).toBe('2.0.0');
  expect(registry.remotes['mfe-catalog']?.history).toEqual([
    { version: '2.0.0', publishedAt: expect.any(String), commit: 'unknown', clientOnly: true },
  ]);
});

test('/config.json takes its URLs from configuration, never from Host, X-Forwarded-Host, Origin or Referer', async () => {
  const { releasesDir, shellDir } = await setup();
  for (const trustProxy of [undefined, ['10.9.9.9'], true]) {
    const site = await createSiteServer({
      shellDir,
      releasesDir,
      apiPort: 4999,
      publicApiUrl: 'https://api.shop.example/',
      siteUrl: 'https://shop.example',
      geoUrl: '',
      deliveryFee: 10,
      ...(trustProxy ? { trustProxy } : {}),
    });
    try {
      const res = await site.inject({
        method: 'GET',
        url: '/config.json',
        headers: {
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
          origin: 'https://evil.example',
          referer: 'https://evil.example/x',
        },
      });
      expect(res.json()).toMatchObject({
        apiBaseUrl: 'https://api.shop.example',
        siteOrigin: 'https://shop.example',
      });
      expect(res.body).not.toContain('evil');
    } finally {
      await site.close();
    }
  }
  const defaults = await createSiteServer({
    shellDir,
    releasesDir,
    apiPort: 4999,
    geoUrl: '',
    deliveryFee: 10,
  });
  try {
    const res = await defaults.inject({
      method: 'GET',
      url: '/config.json',
      headers: { host: 'evil.example:1' },
    });
    expect(res.json().apiBaseUrl).toBe('http://localhost:4999');
    expect(res.body).not.toContain('evil');
  } finally {
    await defaults.close();
  }
});
