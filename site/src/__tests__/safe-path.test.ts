// Static paths are judged after normalising: a Node build, a source map, page-assets.json or a registry
// file answers 404 however its path is written. Real HTTP requests, because a client library may normalise the path.
import { promises as fs } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { normalisedPath, servablePath } from '../safe-path.js';
import { createSiteServer } from '../server.js';
import { tempDir } from '../../../releases/src/__tests__/release-fixtures';

/** GET a path exactly as written (Node's client sends it unchanged): status and body. */
function getRaw(port: number, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      })
      .on('error', reject);
  });
}

const VERSION = '/remotes/mfe-content/1.0.0';

/** The eight spellings of the server build's remoteEntry.js (each but the plain one got 200 before). */
const SERVER_BUILD_SPELLINGS = [
  `${VERSION}/server/remoteEntry.js`,
  `${VERSION}//server/remoteEntry.js`,
  `${VERSION}/./server/remoteEntry.js`,
  `${VERSION}/x/../server/remoteEntry.js`,
  `${VERSION}/%73erver/remoteEntry.js`,
  `${VERSION}/%2e/server/remoteEntry.js`,
  `${VERSION}/x/%2E%2e/server/remoteEntry.js`,
  `/remotes//mfe-content/1.0.0/server/remoteEntry.js`,
];

describe('servablePath', () => {
  it('normalises before judging: decoding, dot segments, duplicate slashes, backslashes and case', () => {
    expect(normalisedPath('/a//b/./c/../D%2Fe')).toBe('/a/b/d/e');
    expect(normalisedPath('/a/%252e%252e/b')).toBe('/b');
    expect(normalisedPath('/a\\..\\b')).toBe('/b');
    expect(normalisedPath('/bad%E0%A4%A')).toBeUndefined();
    expect(normalisedPath('/nul%00.js')).toBeUndefined();
  });

  it.each([
    '/mfe-content/1.0.0/Server/remoteEntry.js',
    '/mfe-content/1.0.0/%5cserver/remoteEntry.js',
    '/mfe-content/1.0.0/main.js.MAP',
    '/page-assets.json',
    '/x/../Page-Assets.json',
    '/registry.json',
    '/registry.json.last-good',
    '//.registry.lock',
    '/mfe-content/.staging-123/remoteEntry.js',
  ])('refuses %s', (pathName) => {
    expect(servablePath(pathName, { sourceMaps: false })).toBe(false);
  });

  it('serves a browser file, and source maps only when asked', () => {
    expect(servablePath('/mfe-content/1.0.0/remoteEntry.js', { sourceMaps: false })).toBe(true);
    expect(servablePath('/mfe-content/1.0.0/main.js.map', { sourceMaps: true })).toBe(true);
  });
});

describe('the site server with a published remote', () => {
  let root: string;
  let app: FastifyInstance;
  let port: number;
  const savedSetting = process.env.SERVE_SOURCE_MAPS;

  beforeAll(async () => {
    root = await tempDir('safe-path');
    const shellDir = path.join(root, 'shell');
    const version = path.join(root, 'releases', 'mfe-content', '1.0.0');
    await fs.mkdir(path.join(shellDir, 'server'), { recursive: true });
    await fs.mkdir(path.join(version, 'server'), { recursive: true });
    await fs.writeFile(path.join(shellDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(shellDir, 'server', 'main.js'), 'SHELL SERVER BUILD');
    await fs.writeFile(path.join(shellDir, 'page-assets.json'), '{}');
    await fs.writeFile(path.join(shellDir, 'main.1234567890.js.map'), '{"version":3}');
    await fs.writeFile(path.join(version, 'remoteEntry.js'), 'BROWSER BUILD');
    await fs.writeFile(path.join(version, 'remoteEntry.js.map'), '{"version":3}');
    await fs.writeFile(path.join(version, 'server', 'remoteEntry.js'), 'NODE BUILD');
    await fs.writeFile(path.join(root, 'releases', 'registry.json.last-good'), '{}');
    delete process.env.SERVE_SOURCE_MAPS;
    app = await createSiteServer({
      shellDir,
      releasesDir: path.join(root, 'releases'),
      apiPort: 4000,
      geoUrl: 'https://ipapi.co/json/',
      deliveryFee: 10,
      serverRender: false,
      // 1.0.0 is published and live: the site serves only published versions' files.
      registryStore: {
        readText: async () =>
          JSON.stringify({
            remotes: {
              'mfe-content': {
                current: '1.0.0',
                history: [{ version: '1.0.0', publishedAt: new Date(0).toISOString(), commit: 'abc' }],
              },
            },
          }),
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    if (savedSetting === undefined) delete process.env.SERVE_SOURCE_MAPS;
    else process.env.SERVE_SOURCE_MAPS = savedSetting;
    await app.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('still serves a version’s browser remoteEntry.js', async () => {
    expect(await getRaw(port, `${VERSION}/remoteEntry.js`)).toEqual({ status: 200, body: 'BROWSER BUILD' });
  });

  it.each(SERVER_BUILD_SPELLINGS)('answers 404 for %s', async (rawPath) => {
    const res = await getRaw(port, rawPath);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('NODE BUILD');
  });

  it.each([
    `${VERSION}/remoteEntry.js.map`,
    `${VERSION}/x/..//remoteEntry.js%2Emap`,
    '/remotes//registry.json.last-good',
    '/remotes/./registry.json.last-good',
  ])('answers 404 for the source map or registry file %s', async (rawPath) => {
    expect((await getRaw(port, rawPath)).status).toBe(404);
  });

  it('never sends the shell’s Node build, page-assets.json or a source map', async () => {
    for (const rawPath of [
      '/server/main.js',
      '/%73erver/main.js',
      '/page-assets.json',
      '/main.1234567890.js.map',
    ]) {
      const res = await getRaw(port, rawPath);
      expect(res.body).not.toContain('SHELL SERVER BUILD');
      expect(res.body).not.toBe('{}');
      expect(res.body).not.toContain('"version":3');
    }
  });

  it('sends source maps when SERVE_SOURCE_MAPS=1', async () => {
    process.env.SERVE_SOURCE_MAPS = '1';
    try {
      expect((await getRaw(port, `${VERSION}/remoteEntry.js.map`)).status).toBe(200);
    } finally {
      delete process.env.SERVE_SOURCE_MAPS;
    }
  });
});
