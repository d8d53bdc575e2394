// The shell's and the remote versions' files are compressed once (brotli quality 11, gzip level 9) and sent as
// those copies from then on, each coding with its own ETag and Vary: Accept-Encoding; fonts and raster images as
// they are; pages still compressed per response. From RELEASES_DIR, shell/dist and a shell version in RELEASES_DIR
// here; from the artifact store in PostgreSQL in site-artifacts.test.ts.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { createSiteServer } from '../server.js';
import { negotiateEncoding, precompressible } from '../precompressed.js';
import { byteRange, etagMatches } from '../send-bytes.js';
import { tempDir } from '../../../releases/src/__tests__/release-fixtures';
import { bigScript, brotli11, compressions, gzip9 } from './site-fixtures';

const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const SCRIPT = bigScript('entry');
const STYLE = Array.from({ length: 300 }, (_, i) => `.c${i}{margin:${i}px;color:#${(i * 4099) % 999}}`).join(
  '',
);
const SVG = `<svg xmlns="http://www.w3.org/2000/svg">${Array.from({ length: 200 }, (_, i) => `<circle cx="${i}" cy="${i % 17}" r="${i % 5}"/>`).join('')}</svg>`;
/** Bytes that happen to compress well: a font or an image is still sent as it is. */
const FONT = 'woff2 '.repeat(2000);
const FILES: Record<string, string> = {
  'mf-manifest.json': JSON.stringify({
    id: 'mfe_content',
    exposes: Array.from({ length: 100 }, (_, i) => `./Page${i}`),
  }),
  'remoteEntry.js': SCRIPT,
  'main.0123456789.css': STYLE,
  'promo.svg': SVG,
  'fonts/a.woff2': FONT,
  'img/logo.png': FONT,
  'small.js': '/* under a kilobyte */',
};

const registry = JSON.stringify({
  remotes: {
    'mfe-content': {
      current: '1.0.0',
      history: [{ version: '1.0.0', publishedAt: '2025-01-01T00:00:00Z', commit: 'abc' }],
    },
  },
});

async function writeFiles(dir: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), text);
  }
}

let root: string;
let site: FastifyInstance;
const sites: FastifyInstance[] = [];

async function siteOn(options: {
  shellDir: string;
  releasesDir: string;
  registry: string;
  cacheDir?: string;
}) {
  const app = await createSiteServer({
    apiPort: 1,
    geoUrl: '',
    deliveryFee: 10,
    serverRender: false,
    servedFlushMs: 3_600_000,
    shellDir: options.shellDir,
    releasesDir: options.releasesDir,
    registryStore: { readText: async () => options.registry },
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
  });
  sites.push(app);
  return app;
}

beforeAll(async () => {
  root = await tempDir('site-precompressed');
  await writeFiles(path.join(root, 'releases', 'mfe-content', '1.0.0'), FILES);
  await writeFiles(path.join(root, 'shell'), {
    'index.html': `<!doctype html><html><body><div id="root">${'<p>A page of the shop</p>'.repeat(200)}</div></body></html>`,
    'main.abcdef0123.js': bigScript('shell'),
    'favicon.svg': SVG,
  });
  site = await siteOn({
    shellDir: path.join(root, 'shell'),
    releasesDir: path.join(root, 'releases'),
    registry,
  });
});
afterAll(async () => {
  for (const app of sites) await app.close();
  await fs.rm(root, { recursive: true, force: true });
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('a release file from RELEASES_DIR', () => {
  const url = '/remotes/mfe-content/1.0.0/remoteEntry.js';

  it('goes out as its brotli quality 11 copy, made once, however many ask at once', async () => {
    const before = await compressions(site);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => get(site, url, { 'accept-encoding': 'gzip, deflate, br' })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.rawPayload.length).toBe(brotli11(SCRIPT).length);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    }
    expect(await compressions(site)).toEqual({ ...before, br: before.br + 1 });
    // Asked again: the copy, not a compression.
    const again = await get(site, url, { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    expect(await compressions(site)).toEqual({ ...before, br: before.br + 1 });
  });

  it('gzip at level 9 to a client without brotli, the bytes themselves to one that asks for neither', async () => {
    const gz = await get(site, url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBe(gzip9(SCRIPT).length);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.headers.vary).toBe('Accept-Encoding');
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const plain = await get(site, url, headers);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('honours q-values: gzip when preferred, br on a tie or for *', async () => {
    const coding = async (accept: string) =>
      (await get(site, url, { 'accept-encoding': accept })).headers['content-encoding'];
    expect(await coding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(await coding('br;q=0, gzip')).toBe('gzip');
    expect(await coding('gzip;q=0.8, br;q=0.8')).toBe('br');
    expect(await coding('*')).toBe('br');
    expect(await coding('deflate')).toBeUndefined();
  });

  it('has an ETag per coding: each revalidates to a 304, none matches another', async () => {
    const etags = new Set<string>();
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await get(site, url, { 'accept-encoding': accept });
      const etag = String(res.headers.etag);
      etags.add(etag);
      const again = await get(site, url, { 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.vary).toBe('Accept-Encoding');
      expect(again.headers.etag).toBe(etag);
    }
    expect(etags.size).toBe(3);
    const [brTag] = [...etags];
    const other = await get(site, url, { 'accept-encoding': 'gzip', 'if-none-match': String(brTag) });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('answers HEAD and a Range of the copy sent', async () => {
    const full = await get(site, url, { 'accept-encoding': 'br' });
    const head = await site.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(full.rawPayload.length);
    expect(head.rawPayload.length).toBe(0);
    const part = await get(site, url, { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${full.rawPayload.length}`);
    expect(part.rawPayload.equals(full.rawPayload.subarray(0, 100))).toBe(true);
    const past = await get(site, url, { 'accept-encoding': 'br', range: 'bytes=99999999-' });
    expect(past.statusCode).toBe(416);
    // From disk without a coding, as the static plugin always answered.
    const plain = await get(site, url, { range: 'bytes=0-9' });
    expect(plain.statusCode).toBe(206);
    expect(plain.body).toBe(SCRIPT.slice(0, 10));
  });

  it('styles, JSON and SVG too, with their own headers kept; fonts, images and small files never', async () => {
    const before = await compressions(site);
    for (const [file, type, sandboxed] of [
      ['main.0123456789.css', 'text/css; charset=utf-8', false],
      ['mf-manifest.json', 'application/json; charset=utf-8', true],
      ['promo.svg', 'image/svg+xml', true],
    ] as const) {
      const res = await get(site, `/remotes/mfe-content/1.0.0/${file}`, { 'accept-encoding': 'br' });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-security-policy']).toBe(sandboxed ? SANDBOX : undefined);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(FILES[file]);
    }
    // The manifest is revalidated on every page load, compressed or not.
    const manifest = await get(site, '/remotes/mfe-content/1.0.0/mf-manifest.json', {
      'accept-encoding': 'br',
    });
    expect(manifest.headers['cache-control']).toBe('public, no-cache');
    for (const [file, type] of [
      ['fonts/a.woff2', 'font/woff2'] as const,
      ['img/logo.png', 'image/png'],
      ['small.js', 'application/javascript; charset=utf-8'],
    ]) {
      const res = await get(site, `/remotes/mfe-content/1.0.0/${file}`, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe(type);
      expect(res.body).toBe(FILES[file]);
    }
    expect(await compressions(site)).toEqual({ ...before, br: before.br + 3 });
  });

  it('a staged or unknown version is still not found, compressed or not', async () => {
    const res = await get(site, '/remotes/mfe-content/9.9.9/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
  });
});

describe("the shell's files", () => {
  it('from shell/dist (nothing published) and from a shell version in RELEASES_DIR', async () => {
    const chunk = bigScript('shell');
    const fromDist = await get(site, '/main.abcdef0123.js', { 'accept-encoding': 'br' });
    expect(fromDist.headers['content-encoding']).toBe('br');
    expect(fromDist.rawPayload.length).toBe(brotli11(chunk).length);
    expect(fromDist.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await get(site, '/favicon.svg', { 'accept-encoding': 'gzip' });
    expect(favicon.headers['content-encoding']).toBe('gzip');
    expect(favicon.headers['cache-control']).toBe('no-cache');
    expect(favicon.headers['content-security-policy']).toBe(SANDBOX);

    const releasesDir = path.join(root, 'with-shell');
    const published = bigScript('published');
    await writeFiles(path.join(releasesDir, 'shell', '2.0.0'), {
      'index.html': '<!doctype html><div id="root"></div>',
      'main.1111111111.js': published,
    });
    const withShell = await siteOn({
      shellDir: path.join(root, 'shell'),
      releasesDir,
      registry: JSON.stringify({
        remotes: {},
        shell: {
          current: '2.0.0',
          history: [{ version: '2.0.0', publishedAt: '2025-01-01T00:00:00Z', commit: 'abc' }],
        },
      }),
    });
    const res = await get(withShell, '/main.1111111111.js', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(published);
    expect(res.rawPayload.length).toBe(brotli11(published).length);
  });
});

describe('pages', () => {
  it('are still compressed per response, and never counted as a copy', async () => {
    const before = await compressions(site);
    for (const accept of ['br', 'gzip']) {
      const page = await get(site, '/products', { 'accept-encoding': accept });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-encoding']).toBe(accept);
      const html = (accept === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync)(
        page.rawPayload,
      ).toString();
      expect(html).toContain('A page of the shop');
    }
    expect(await compressions(site)).toEqual(before);
  });
});

describe("copies in the site's cache folder", () => {
  it('are made once: a server started on the same folder compresses nothing, and a changed copy is made again', async () => {
    const cacheDir = path.join(root, 'cache');
    const options = {
      shellDir: path.join(root, 'shell'),
      releasesDir: path.join(root, 'releases'),
      registry,
      cacheDir,
    };
    const url = '/remotes/mfe-content/1.0.0/remoteEntry.js';
    const first = await siteOn(options);
    const sent = await get(first, url, { 'accept-encoding': 'br' });
    expect(await compressions(first)).toEqual({ br: 1, gzip: 0 });
    const copies = path.join(cacheDir, '.compressed');
    const [folder = ''] = await fs.readdir(copies);
    const [name = ''] = await fs.readdir(path.join(copies, folder));
    expect(name).toMatch(/^[0-9a-f]{64}\.br$/);
    const copy = path.join(copies, folder, name);
    const written = (await fs.stat(copy)).mtimeMs;

    const next = await siteOn(options);
    const again = await get(next, url, { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(sent.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(sent.headers.etag);
    expect(await compressions(next)).toEqual({ br: 0, gzip: 0 });
    expect((await fs.stat(copy)).mtimeMs).toBe(written);

    // A copy that is not its file's (changed on disk) is never sent: it is made again.
    await fs.writeFile(copy, brotli11('alert("tampered")'));
    const third = await siteOn(options);
    const errors = jest.spyOn(third.log, 'error').mockImplementation(() => undefined);
    const res = await get(third, url, { 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/compressed copies: the compressed copy .* is refused/),
    );
    expect(await compressions(third)).toEqual({ br: 1, gzip: 0 });
    expect(zlib.brotliDecompressSync(await fs.readFile(copy)).toString()).toBe(SCRIPT);
  });
});

describe('the rules', () => {
  it('negotiates with q-values', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=1.0, br;q=0.9')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.2, identity;q=0.8')).toBe('identity');
    expect(negotiateEncoding('BR; Q=0.7, gzip; q=0.6')).toBe('br');
  });
  it('precompresses text only', () => {
    for (const file of ['a.js', 'a.mjs', 'a.css', 'a.json', 'a.js.map', 'a.svg', 'a.LICENSE.txt'])
      expect(precompressible(file)).toBe(true);
    for (const file of ['a.woff2', 'a.woff', 'a.png', 'a.webp', 'a.ico', 'index.html', 'a.bin'])
      expect(precompressible(file)).toBe(false);
  });
  it('matches ETags and ranges as HTTP does', () => {
    expect(etagMatches('"a-br", W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"x"')).toBe(true);
    expect(etagMatches('"a"', '"a-br"')).toBe(false);
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
  });
});
