// A release's files are served from the shop's origin, so each is sent with the allow-list's type
// (releases/src/file-types.ts) and nosniff, everything but code with the sandbox policy, and a file of a type a
// release may not hold (an older version's page) as a download: never as a page that runs on the shop's origin.
// The same from RELEASES_DIR, from shell/dist and from the artifact store's cache; and a manifest from the database
// naming a path outside its version is refused before a byte is written.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sha256Of } from '@metrology/releases/artifact-store';
import type { ArtifactFile, ArtifactManifest, ArtifactStore } from '@metrology/releases/artifact-store';
import { ArtifactRefused, createArtifactCache } from '../artifacts.js';
import { createSiteServer } from '../server.js';
import { tempDir } from '../../../releases/src/__tests__/release-fixtures';

const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const SVG = `<svg xmlns="http://www.w3.org/2000/svg"><script>localStorage.setItem('stolen', localStorage.getItem('session'))</script></svg>`;

/** A version's files: the types a build holds, and (written as an older version might hold them) a page, XML and an unknown type. */
const FILES: Record<string, string> = {
  'mf-manifest.json': '{"id":"mfe_content"}',
  'remoteEntry.js': '/* entry */',
  'main.0123456789.css': 'body{}',
  'promo.svg': SVG,
  'img/logo.png': 'png bytes',
  'fonts/a.woff2': 'woff2 bytes',
  '162.js.LICENSE.txt': 'MIT',
  'promo.html': '<script>alert(document.domain)</script>',
  'feed.xml': '<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>',
  'notes.bin': '<script>alert(1)</script>',
  LICENSE: '<script>alert(1)</script>',
  'server/remoteEntry.js': 'module.exports = {}',
};

/** What each file must be sent as: its Content-Type, and whether the sandbox policy comes with it. */
const EXPECTED: [string, string, boolean][] = [
  ['remoteEntry.js', 'application/javascript; charset=utf-8', false],
  ['main.0123456789.css', 'text/css; charset=utf-8', false],
  ['mf-manifest.json', 'application/json; charset=utf-8', true],
  ['promo.svg', 'image/svg+xml', true],
  ['img/logo.png', 'image/png', true],
  ['fonts/a.woff2', 'font/woff2', true],
  ['162.js.LICENSE.txt', 'text/plain; charset=utf-8', true],
];
const DOWNLOADS = ['promo.html', 'feed.xml', 'notes.bin', 'LICENSE'];

const registry = (shell?: string) =>
  JSON.stringify({
    remotes: {
      'mfe-content': {
        current: '2.0.0',
        history: ['1.0.0', '2.0.0'].map((version) => ({
          version,
          publishedAt: '2025-01-01T00:00:00Z',
          commit: 'abc',
        })),
      },
    },
    ...(shell
      ? {
          shell: {
            current: shell,
            history: [{ version: shell, publishedAt: '2025-01-01T00:00:00Z', commit: 'abc' }],
          },
        }
      : {}),
  });

async function writeFiles(dir: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), text);
  }
}

/** An artifact store in memory: versions by `remote/version`, each file's bytes kept by their hash. */
function memoryStore(versions: Record<string, Record<string, string> | ArtifactFile[]>): ArtifactStore {
  const blobs = new Map<string, Buffer>();
  const manifests = new Map<string, ArtifactManifest>();
  for (const [key, files] of Object.entries(versions)) {
    const [remote = '', version = ''] = key.split('/');
    const listed = Array.isArray(files)
      ? files
      : Object.entries(files).map(([name, text]) => {
          const data = Buffer.from(text);
          blobs.set(sha256Of(data), data);
          // The type a manifest recorded is not trusted: the site sends the allow-list's.
          return { path: name, sha256: sha256Of(data), size: data.length, contentType: 'text/html' };
        });
    manifests.set(key, { remote, version, files: listed });
  }
  return {
    hasVersion: async (remote, version) => manifests.has(`${remote}/${version}`),
    manifest: async (remote, version) => manifests.get(`${remote}/${version}`) ?? null,
    blobs: async (hashes) =>
      new Map(hashes.flatMap((hash) => (blobs.has(hash) ? [[hash, blobs.get(hash)!]] : []))),
  };
}

let root: string;
let fromFolders: FastifyInstance;
let fromStore: FastifyInstance;
let cacheDir: string;
let storeErrors: jest.SpyInstance;

beforeAll(async () => {
  root = await tempDir('site-release-file-types');
  const releasesDir = path.join(root, 'releases');
  await writeFiles(path.join(releasesDir, 'mfe-content', '1.0.0'), FILES);
  await writeFiles(path.join(releasesDir, 'mfe-content', '2.0.0'), FILES);
  // No shell published: the shell's files come from shell/dist.
  const shellDir = path.join(root, 'shell');
  await writeFiles(shellDir, { 'index.html': '<!doctype html><div id="root"></div>', ...FILES });
  const common = { apiPort: 1, geoUrl: '', deliveryFee: 10, serverRender: false, servedFlushMs: 3_600_000 };
  fromFolders = await createSiteServer({
    ...common,
    shellDir,
    releasesDir,
    registryStore: { readText: async () => registry() },
  });
  cacheDir = path.join(root, 'cache');
  const emptyShellDir = path.join(root, 'no-shell-dist');
  await writeFiles(emptyShellDir, { 'index.html': '<!doctype html>' });
  fromStore = await createSiteServer({
    ...common,
    shellDir: emptyShellDir,
    releasesDir: path.join(root, 'no-releases-here'),
    registryStore: { readText: async () => registry('3.0.0') },
    artifactStore: memoryStore({
      'mfe-content/1.0.0': FILES,
      'mfe-content/2.0.0': FILES,
      'shell/3.0.0': { 'index.html': '<!doctype html><div id="root"></div>', ...FILES },
    }),
    cacheDir,
  });
  storeErrors = jest.spyOn(fromStore.log, 'error');
});

afterAll(async () => {
  await fromFolders?.close();
  await fromStore?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe.each([
  ['a remote, from RELEASES_DIR', () => fromFolders, '/remotes/mfe-content/1.0.0/'],
  ['a remote, from the artifact store', () => fromStore, '/remotes/mfe-content/2.0.0/'],
  ['the shell, from shell/dist', () => fromFolders, '/'],
  ['the shell, from the artifact store', () => fromStore, '/'],
])('release files of %s', (_where, site, prefix) => {
  const get = (file: string) => site().inject({ method: 'GET', url: `${prefix}${file}` });

  it.each(EXPECTED)(
    '%s is sent as %s with nosniff, and the sandbox policy unless it is code',
    async (file, type, sandboxed) => {
      const res = await get(file);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(FILES[file]);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe(sandboxed ? SANDBOX : undefined);
      expect(res.headers['content-disposition']).toBeUndefined();
    },
  );

  // A path without an extension at the site's root is a route of the shop (its page), not a shell file.
  const downloads = prefix === '/' ? DOWNLOADS.filter((file) => file.includes('.')) : DOWNLOADS;
  it.each(downloads)('%s (a type a release may not hold) is a download, never a page', async (file) => {
    const res = await get(file);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(SANDBOX);
  });
});

describe('the shell page itself', () => {
  it('is still the page, with the strict page policy (not the release file one)', async () => {
    const res = await fromFolders.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("'strict-dynamic'");
    expect((await fromFolders.inject({ method: 'GET', url: '/index.html' })).headers['content-type']).toBe(
      'text/html; charset=utf-8',
    );
  });
});

describe("the artifact cache writes a manifest's files inside its version's folder only", () => {
  const data = Buffer.from('escaped');
  const file = (filePath: string): ArtifactFile => ({
    path: filePath,
    sha256: sha256Of(data),
    size: data.length,
    contentType: 'text/plain',
  });
  const good = file('remoteEntry.js');

  it.each([
    ['../x', /the path "\.\.\/x" climbs out of the build/],
    ['a/../../../x', /climbs out of the build/],
    ['/tmp/x', /is absolute/],
    ['a\\..\\..\\x', /backslash/],
    ['a//x', /empty or '\.' segment/],
    ['', /is empty/],
  ])('a manifest naming %j is refused with its reason, nothing written', async (bad, reason) => {
    const dir = await tempDir('artifact-cache-paths');
    try {
      const cache = path.join(dir, 'cache');
      const store = memoryStore({ 'mfe-content/9.0.0': [good, file(bad)] });
      // The blob is there, so only the path stops the write.
      store.blobs = async () => new Map([[good.sha256, data]]);
      const logged: string[] = [];
      const artifacts = createArtifactCache({ store, cacheDir: cache, log: (line) => logged.push(line) });
      await expect(artifacts.version('mfe-content', '9.0.0')).rejects.toThrow(ArtifactRefused);
      expect(logged).toEqual([expect.stringMatching(/^mfe-content 9\.0\.0: the manifest is refused \(/)]);
      expect(logged[0]).toMatch(reason);
      // Nothing anywhere: not the escaped file, not the version's folder, not even the cache folder.
      expect(await fs.readdir(dir)).toEqual([]);
      await expect(artifacts.file('mfe-content', '9.0.0', 'remoteEntry.js')).rejects.toThrow(ArtifactRefused);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('a remote or version that is not one plain folder name is refused too', async () => {
    const dir = await tempDir('artifact-cache-names');
    try {
      const store = memoryStore({});
      store.manifest = async (remote, version) => ({ remote, version, files: [good] });
      store.blobs = async () => new Map([[good.sha256, data]]);
      const logged: string[] = [];
      const artifacts = createArtifactCache({
        store,
        cacheDir: path.join(dir, 'cache'),
        log: (l) => logged.push(l),
      });
      await expect(artifacts.version('shell', '../../x')).rejects.toThrow(/holds a slash/);
      await expect(artifacts.version('..', '1.0.0')).rejects.toThrow(/climbs out/);
      expect(logged).toHaveLength(2);
      expect(await fs.readdir(dir)).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('through the site: a version whose manifest climbs out answers 502 and writes nothing', async () => {
    const dir = await tempDir('artifact-cache-site');
    const site = await createSiteServer({
      apiPort: 1,
      geoUrl: '',
      deliveryFee: 10,
      serverRender: false,
      servedFlushMs: 3_600_000,
      shellDir: path.join(dir, 'no-shell'),
      releasesDir: path.join(dir, 'no-releases'),
      registryStore: { readText: async () => registry() },
      artifactStore: (() => {
        const store = memoryStore({ 'mfe-content/2.0.0': [good, file('../../escaped.js')] });
        store.blobs = async () => new Map([[good.sha256, data]]);
        return store;
      })(),
      cacheDir: path.join(dir, 'cache'),
    });
    try {
      const errors = jest.spyOn(site.log, 'error').mockImplementation(() => undefined);
      const res = await site.inject({ method: 'GET', url: '/remotes/mfe-content/2.0.0/remoteEntry.js' });
      expect(res.statusCode).toBe(502);
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(
          /artifact store: mfe-content 2\.0\.0: the manifest is refused \(the path "\.\.\/\.\.\/escaped\.js" climbs out/,
        ),
      );
      expect(await fs.readdir(dir)).toEqual([]);
    } finally {
      await site.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('the store served above logged no refusal', () => {
    expect(storeErrors).not.toHaveBeenCalled();
  });
});
