// The site server's log keeps no secret from a URL: a query-string token is replaced on the request line.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { redactUrl } from '../log-format.js';
import { createSiteServer } from '../server.js';
import { tempDir } from '../../../releases/src/__tests__/release-fixtures';

it('redacts secret query parameters and JWTs in a URL, and leaves the rest', () => {
  expect(redactUrl('/verify?success=true&orderId=1&token=abc')).toBe(
    '/verify?success=true&orderId=1&token=[redacted]',
  );
  expect(redactUrl('/p?PASSWORD=x&id_token=y')).toBe('/p?PASSWORD=[redacted]&id_token=[redacted]');
  expect(redactUrl('/x/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln')).toBe('/x/[redacted]');
  expect(redactUrl('/products?company=Mahr')).toBe('/products?company=Mahr');
});

it('a token in a query string never reaches the site server’s log', async () => {
  const root = await tempDir('site-log');
  const shellDir = path.join(root, 'shell');
  await fs.mkdir(shellDir, { recursive: true });
  await fs.writeFile(path.join(shellDir, 'index.html'), '<!doctype html><div id="root"></div>');
  let logged = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString('utf8');
      done();
    },
  });
  const app = await createSiteServer({
    shellDir,
    releasesDir: path.join(root, 'releases'),
    apiPort: 4000,
    geoUrl: 'https://ipapi.co/json/',
    deliveryFee: 10,
    serverRender: false,
    logger: { level: 'info', stream },
    registryStore: { readText: async () => JSON.stringify({ remotes: {} }) },
  });
  try {
    await app.inject({ url: '/products?token=site-secret-1&access_token=site-secret-2' });
    await app.inject({ url: '/missing.1234567890.js?password=site-secret-3' });
    app.log.warn({ url: '/x?token=site-secret-4' }, 'render problem at /y?token=site-secret-5');
    expect(logged).toContain('/products?token=[redacted]&access_token=[redacted]');
    for (const n of [1, 2, 3, 4, 5]) expect(logged).not.toContain(`site-secret-${n}`);
  } finally {
    await app.close();
    await fs.rm(root, { recursive: true, force: true });
  }
});
