// One artifact store: with DATABASE_URL a version's files are blobs in PostgreSQL (each stored once across
// versions) and a site server with an empty cache of its own fetches them on first need, checks every hash, serves
// the browser's files and renders with the Node build. A corrupted blob or cached file is refused, never served.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sha256Of, type ArtifactStore } from '@metrology/releases/artifact-store';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../tools/src/pg-cluster.mjs';
import { openPgRegistryStore, type PgRegistryStore } from '@metrology/releases/pg-store';
import { publishRelease, rollbackRelease, releaseStore } from '@metrology/releases/registry';
import { createSiteServer } from '../server.js';
import { bigScript, brotli11, compressions, gzip9 } from './site-fixtures';
import zlib from 'node:zlib';
import {
  fakeBuild,
  fakeShellBuild,
  fakeShellFiles,
  tempDir,
} from '../../../releases/src/__tests__/release-fixtures';

// A real PostgreSQL 15 (Debian's postgresql-15, a throwaway cluster) takes a few seconds to start.
jest.setTimeout(120_000);

const TEMPLATE = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

// A shell Node build standing in for shell/dist/server/render.js: it loads the live mfe-content version's Node build
// from the folder the site gives it, as the real one does (shell/src/server/section-containers.ts).
const RENDER = `
const path = require('node:path');
module.exports.renderPage = async ({ registry, releasesDir }) => {
  const version = registry.remotes['mfe-content'].current;
  const entry = path.join(releasesDir, 'mfe-content', version, 'server', 'remoteEntry.js');
  let text;
  try {
    const container = require(entry);
    await container.init();
    const page = (await container.get('./AboutPage'))();
    text = page.default() + ' of ' + version + ' from ' + entry;
  } catch (error) {
    text = 'no Node build: ' + error.message;
  }
  return { status: 200, html: '<h1>' + text + '</h1>', headTags: '', head: {}, data: {},
    section: { remote: 'mfe-content', module: './AboutPage', version }, problems: [], failed: [] };
};
`;

let server: ThrowawayPostgres;
let root: string;
let store: PgRegistryStore;
let shellDir: string;
const releasesDir = () => path.join(root, 'releases');
const sites: FastifyInstance[] = [];

beforeAll(async () => {
  server = await startThrowawayPostgres();
  root = await tempDir('site-artifacts');
  store = await openPgRegistryStore(server.url);
  shellDir = path.join(root, 'shell');
  await fs.mkdir(path.join(shellDir, 'server'), { recursive: true });
  await fs.writeFile(path.join(shellDir, 'index.html'), TEMPLATE);
  await fs.writeFile(path.join(shellDir, 'server', 'render.js'), RENDER);
});
afterAll(async () => {
  for (const site of sites) await site.close();
  await store?.close();
  await server?.stop();
  await fs.rm(root, { recursive: true, force: true });
});

async function publish(version: string) {
  return publishRelease({
    store: releaseStore(releasesDir(), store),
    remote: 'mfe-content',
    distDir: await fakeBuild(root, 'mfe-content', version),
    version,
    commit: 'abc1234',
  });
}

async function count(table: 'release_blobs' | 'release_versions'): Promise<number> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    return Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  } finally {
    await client.end();
  }
}

async function sql(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A site server on its own empty cache folder (unless given one), the database its only source. */
async function siteOn(
  cacheDir?: string,
  artifacts: ArtifactStore = store.artifacts,
  // By default a folder that does not exist: this site server has no RELEASES_DIR of its own.
  ownReleasesDir = path.join(root, 'no-releases-here'),
) {
  const cache = cacheDir ?? (await fs.mkdtemp(path.join(root, 'cache-')));
  const site = await createSiteServer({
    shellDir,
    releasesDir: ownReleasesDir,
    apiPort: 1,
    geoUrl: 'http://127.0.0.1:9/{ip}/json/',
    deliveryFee: 10,
    pageCacheMs: 0,
    servedFlushMs: 3_600_000,
    registryStore: store,
    artifactStore: artifacts,
    cacheDir: cache,
  });
  sites.push(site);
  const errors = jest.spyOn(site.log, 'error');
  return { site, cache, errors };
}

const file = (site: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  site.inject({ method: 'GET', url, headers });

describe('the artifact store in PostgreSQL', () => {
  it('stores each file once across versions; RELEASES_DIR is not written', async () => {
    await publish('1.0.0');
    const blobs = await count('release_blobs');
    // fakeBuild: mf-manifest.json (the same in every version), remoteEntry.js and server/remoteEntry.js (marked).
    expect(blobs).toBe(3);
    await publish('1.1.0');
    expect(await count('release_blobs')).toBe(blobs + 2);
    expect(await count('release_versions')).toBe(2);
    await expect(fs.stat(releasesDir())).rejects.toThrow();
    const manifest = await store.artifacts.manifest('mfe-content', '1.1.0');
    expect(manifest?.files.map((f) => f.path)).toEqual([
      'mf-manifest.json',
      'remoteEntry.js',
      'server/remoteEntry.js',
    ]);
    expect(manifest?.files[1]).toMatchObject({
      sha256: sha256Of(Buffer.from('/* mfe-content 1.1.0 */')),
      contentType: 'application/javascript; charset=utf-8',
    });
    // A version is published once, in the store as in a folder; a Node build that fails its check stores nothing.
    await expect(publish('1.1.0')).rejects.toThrow(/already published/);
    await expect(
      publishRelease({
        store: releaseStore(releasesDir(), store),
        remote: 'mfe-content',
        distDir: await fakeBuild(root, 'mfe-content', '1.2.0-bad', 'throws'),
        version: '1.2.0',
        commit: 'abc1234',

        verify: async () => {
          throw new Error('the Node build does not load');
        },
      }),
    ).rejects.toThrow(/does not load/);
    expect(await count('release_blobs')).toBe(blobs + 2);
    expect(await count('release_versions')).toBe(2);
  });

  it('a site server with an empty cache serves a version and renders with its Node build, fetching it once', async () => {
    let fetches = 0;
    const counted: ArtifactStore = {
      ...store.artifacts,
      blobs: (hashes) => {
        fetches += 1;
        return store.artifacts.blobs(hashes);
      },
    };
    const { site, cache, errors } = await siteOn(undefined, counted);
    // Concurrent first requests for the same version share one fetch.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => file(site, '/remotes/mfe-content/1.1.0/remoteEntry.js')),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('/* mfe-content 1.1.0 */');
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(fetches).toBe(1);
    expect(await fs.readFile(path.join(cache, 'mfe-content/1.1.0/remoteEntry.js'), 'utf8')).toBe(
      '/* mfe-content 1.1.0 */',
    );
    // The manifest is revalidated on every page load: unchanged, a 304.
    const manifest = await file(site, '/remotes/mfe-content/1.1.0/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('public, no-cache');
    const again = await file(site, '/remotes/mfe-content/1.1.0/mf-manifest.json', {
      'if-none-match': String(manifest.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // The Node build stays the server's.
    expect((await file(site, '/remotes/mfe-content/1.1.0/server/remoteEntry.js')).statusCode).toBe(404);

    const page = await file(site, '/about');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<h1>./AboutPage of 1.1.0 from ${path.join(cache, 'mfe-content/1.1.0/server/remoteEntry.js')}</h1>`,
    );
    expect(fetches).toBe(1);

    // A rollback is the next request's: 1.0.0 is fetched into the same cache and rendered.
    await rollbackRelease({ store: releaseStore(releasesDir(), store), remote: 'mfe-content', by: 'test' });
    expect((await file(site, '/about')).body).toContain('./AboutPage of 1.0.0 from');
    expect(errors).not.toHaveBeenCalled();
  });

  it('a cached file changed on disk is refused, and the checked copy is fetched again', async () => {
    const first = await siteOn();
    expect((await file(first.site, '/remotes/mfe-content/1.1.0/remoteEntry.js')).statusCode).toBe(200);
    const cached = path.join(first.cache, 'mfe-content/1.1.0/remoteEntry.js');
    await fs.writeFile(cached, 'alert("tampered")');
    // A server starting on that cache (a restart) checks every file before it serves or loads one.
    const next = await siteOn(first.cache);
    const res = await file(next.site, '/remotes/mfe-content/1.1.0/remoteEntry.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('/* mfe-content 1.1.0 */');
    expect(next.errors).toHaveBeenCalledWith(expect.stringMatching(/cached remoteEntry\.js is refused/));
    expect(await fs.readFile(cached, 'utf8')).toBe('/* mfe-content 1.1.0 */');

    // Changed under a running server after it was checked: that server's next read is refused and fetched again.
    const running = await siteOn();
    expect((await file(running.site, '/remotes/mfe-content/1.0.0/mf-manifest.json')).statusCode).toBe(200);
    await fs.writeFile(path.join(running.cache, 'mfe-content/1.0.0/remoteEntry.js'), 'alert("tampered")');
    const read = await file(running.site, '/remotes/mfe-content/1.0.0/remoteEntry.js');
    expect(read.body).toBe('/* mfe-content 1.0.0 */');
    expect(running.errors).toHaveBeenCalledWith(expect.stringMatching(/cached remoteEntry\.js is refused/));
  });

  it('a corrupted blob is refused: not served, not loaded, not left in the cache', async () => {
    await publish('1.3.0');
    const entry = sha256Of(Buffer.from('/* mfe-content 1.3.0 */'));
    await sql('UPDATE release_blobs SET data = $2 WHERE sha256 = $1', [entry, Buffer.from('alert("evil")')]);
    const { site, cache, errors } = await siteOn();
    const res = await file(site, '/remotes/mfe-content/1.3.0/remoteEntry.js');
    expect(res.statusCode).toBe(502);
    expect(res.body).not.toContain('evil');
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(
        /mfe-content 1\.3\.0: remoteEntry\.js is refused \(its bytes do not match its SHA-256/,
      ),
    );
    // The page is still served; the version's Node build was never placed where the render loads it.
    const page = await file(site, '/about');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('no Node build');
    await expect(fs.stat(path.join(cache, 'mfe-content/1.3.0'))).rejects.toThrow();
    expect(await fs.readdir(path.join(cache, '.incoming'))).toEqual([]);
  });

  it('a version published before the store (a folder in RELEASES_DIR only) is still served and rendered from there', async () => {
    // Published into a folder and registry.json, then named live in PostgreSQL, as a registry copied in would be.
    const older = path.join(root, 'older-releases');
    await publishRelease({
      store: releaseStore(older),
      remote: 'mfe-content',
      distDir: await fakeBuild(root, 'mfe-content', '1.4.0'),
      version: '1.4.0',
      commit: 'abc1234',
    });
    await store.update(async (registry) => {
      const entry = registry.remotes['mfe-content']!;
      const release = { version: '1.4.0', publishedAt: new Date().toISOString(), commit: 'abc1234' };
      return {
        registry: {
          remotes: {
            ...registry.remotes,
            'mfe-content': { current: '1.4.0', history: [...entry.history, release] },
          },
        },
        result: undefined,
      };
    });
    expect(await store.artifacts.hasVersion('mfe-content', '1.4.0')).toBe(false);
    const { site, cache } = await siteOn(undefined, store.artifacts, older);
    const res = await file(site, '/remotes/mfe-content/1.4.0/remoteEntry.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('/* mfe-content 1.4.0 */');
    expect((await file(site, '/about')).body).toContain(
      `./AboutPage of 1.4.0 from ${path.join(cache, 'mfe-content/1.4.0/server/remoteEntry.js')}`,
    );

    // Opened with that RELEASES_DIR (the API, npm start, the cluster), the store takes the folder in, once.
    const opened = await openPgRegistryStore(server.url, { importFrom: older });
    try {
      const blobs = await count('release_blobs');
      expect(await opened.artifacts.hasVersion('mfe-content', '1.4.0')).toBe(true);
      await (await openPgRegistryStore(server.url, { importFrom: older })).close();
      expect(await count('release_blobs')).toBe(blobs);
      const fresh = await siteOn();
      expect((await file(fresh.site, '/remotes/mfe-content/1.4.0/remoteEntry.js')).body).toBe(
        '/* mfe-content 1.4.0 */',
      );
    } finally {
      await opened.close();
    }
  });
  it("its text files go out as copies compressed once into the site's cache, a remote's and the shell's", async () => {
    const dist = await fakeBuild(root, 'mfe-content', '1.5.0');
    const script = bigScript('stored');
    await fs.writeFile(path.join(dist, 'stored.0123456789.js'), script);
    await publishRelease({
      store: releaseStore(releasesDir(), store),
      remote: 'mfe-content',
      distDir: dist,
      version: '1.5.0',
      commit: 'abc1234',
    });
    const shellDist = await fakeShellBuild(root, '2.9.0');
    const chunk = bigScript('shell-chunk');
    await fs.writeFile(path.join(shellDist, 'chunk.9876543210.js'), chunk);
    await publishRelease({
      store: releaseStore(releasesDir(), store),
      remote: 'shell',
      distDir: shellDist,
      version: '2.9.0',
      commit: 'abc1234',
    });

    const { site, cache, errors } = await siteOn();
    for (const [url, text] of [
      ['/remotes/mfe-content/1.5.0/stored.0123456789.js', script],
      ['/chunk.9876543210.js', chunk],
    ] as const) {
      const br = await file(site, url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.rawPayload.length).toBe(brotli11(text).length);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(text);
      const gz = await file(site, url, { 'accept-encoding': 'gzip' });
      expect(gz.rawPayload.length).toBe(gzip9(text).length);
      const plain = await file(site, url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(text);
      // One ETag per coding, each its own 304.
      const etags = [br, gz, plain].map((res) => String(res.headers.etag));
      expect(new Set(etags).size).toBe(3);
      const again = await file(site, url, { 'accept-encoding': 'br', 'if-none-match': etags[0]! });
      expect(again.statusCode).toBe(304);
    }
    expect(await compressions(site)).toEqual({ br: 2, gzip: 2 });
    await file(site, '/remotes/mfe-content/1.5.0/stored.0123456789.js', { 'accept-encoding': 'br' });
    expect(await compressions(site)).toEqual({ br: 2, gzip: 2 });
    // Kept beside the fetched versions: a server restarted on this cache compresses nothing.
    const copies = await fs.readdir(path.join(cache, '.compressed'));
    expect(copies.length).toBeGreaterThan(0);
    const restarted = await siteOn(cache);
    const res = await file(restarted.site, '/chunk.9876543210.js', { 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(chunk);
    expect(await compressions(restarted.site)).toEqual({ br: 0, gzip: 0 });
    expect(errors).not.toHaveBeenCalled();
    expect(restarted.errors).not.toHaveBeenCalled();
  });

  it('the shell: a site server with an empty cache renders with the live shell version from the store and serves its chunks and the older ones', async () => {
    for (const version of ['3.0.0', '3.1.0']) {
      await publishRelease({
        store: releaseStore(releasesDir(), store),
        remote: 'shell',
        distDir: await fakeShellBuild(root, version),
        version,
        commit: 'abc1234',
      });
    }
    const registry = await store.read();
    expect(registry.shell?.current).toBe('3.1.0');
    expect(Object.keys(registry.remotes)).not.toContain('shell');
    const { site, cache } = await siteOn();
    const page = await file(site, '/about');
    expect(page.body).toContain('shell 3.1.0');
    const fresh = await file(site, `/${fakeShellFiles('3.1.0').chunk}`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A page opened on 3.0.0 before the deploy still gets its chunks.
    expect((await file(site, `/${fakeShellFiles('3.0.0').chunk}`)).body).toBe('/* shell 3.0.0 chunk */');
    expect(await fs.stat(path.join(cache, 'shell', '3.1.0', 'server', 'render.js'))).toBeTruthy();
    await rollbackRelease({ store: releaseStore(releasesDir(), store), remote: 'shell' });
    expect((await file(site, '/about')).body).toContain('shell 3.0.0');
    const [row] = await store.readActions(1);
    expect(row).toMatchObject({ action: 'rollback', remote: 'shell', from: '3.1.0', to: '3.0.0' });
  });
});
