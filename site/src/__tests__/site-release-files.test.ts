// Rollout signals nobody can steer, the site's half: each test is an attack the site now stops. The site issues the session id (a cookie it
// did not sign is replaced, so nobody picks their rollout bucket), sends only published versions' files and the
// registry from RELEASES_DIR however the path is spelled, lists no staged version to strangers, and sends a preview
// link's browser nowhere but this site.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { signToken } from '@metrology/server-kit/signed-token';
import { publishRelease, rollbackRelease, releaseStore } from '@metrology/releases/registry';
import { sameSitePath } from '../release-files.js';
import { issuedSessionId, newSession, networkOf } from '../render/visitor.js';
import { createSiteServer } from '../server.js';
import { fakeBuild, tempDir } from '../../../releases/src/__tests__/release-fixtures';

const KEY = 'site-release-files-key';

async function setup() {
  const root = await tempDir('site-release-files');
  const releasesDir = path.join(root, 'releases');
  const shellDir = path.join(root, 'shell');
  await fs.mkdir(shellDir, { recursive: true });
  await fs.writeFile(path.join(shellDir, 'index.html'), '<!doctype html><title>shop</title>');
  for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
    await publishRelease({
      store: releaseStore(releasesDir),
      remote: 'mfe-content',
      distDir: await fakeBuild(root, 'mfe-content', version),
      version,
      commit: 'abc',
      staged: version === '1.1.0',
    });
  }
  // 1.0.0 and 1.2.0 published live, 1.1.0 staged, then the pointer back to 1.0.0: 1.2.0 is rolled back.
  await rollbackRelease({ store: releaseStore(releasesDir), remote: 'mfe-content', to: '1.0.0', by: 'test' });
  await releaseStore(releasesDir).record([
    {
      action: 'rollback',
      remote: 'mfe-content',
      version: '1.0.0',
      from: '1.2.0',
      to: '1.0.0',
      changed: true,
      actor: 'manager@example.com',
      at: new Date().toISOString(),
      why: 'secret reasons',
      automatic: false,
    },
  ]);
  await fs.writeFile(path.join(releasesDir, 'registry.json.bak'), '{}');
  await fs.writeFile(path.join(releasesDir, 'mfe-content', '.registry.lock'), 'lock');
  const app = await createSiteServer({
    shellDir,
    releasesDir,
    apiPort: 1,
    geoUrl: 'http://127.0.0.1:1/{ip}',
    deliveryFee: 10,
    serverRender: false,
    releaseSigningKey: KEY,
    servedFlushMs: 3_600_000,
  });
  return { app, releasesDir };
}

let site: Awaited<ReturnType<typeof setup>>;
beforeAll(async () => {
  site = await setup();
});
afterAll(() => site.app.close());

const get = (url: string, cookie?: string) =>
  site.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

describe('only releases under /remotes/', () => {
  it('attack: the action log, backups, locks and Node builds are not found, however the path is spelled', async () => {
    expect((await get('/remotes/mfe-content/1.0.0/remoteEntry.js')).statusCode).toBe(200);
    // A rolled-back version was public once: pages that name it still load.
    expect((await get('/remotes/mfe-content/1.2.0/remoteEntry.js')).statusCode).toBe(200);
    for (const url of [
      '/remotes/actions.jsonl',
      '/remotes/%61ctions.jsonl',
      '/remotes/%2561ctions.jsonl',
      '/remotes//actions.jsonl',
      '/remotes/./actions.jsonl',
      '/remotes/mfe-content/../actions.jsonl',
      '/remotes/mfe-content/1.0.0/..%2f..%2factions.jsonl',
      '/remotes/mfe-content/1.0.0/%2e%2e/%2e%2e/actions.jsonl',
      '/REMOTES/actions.jsonl',
      '/remotes/Actions.JSONL',
      '/remotes/registry.json.bak',
      '/remotes/registry.json.last-good',
      '/remotes/mfe-content/.registry.lock',
      '/remotes/mfe-content/1.0.0/server/remoteEntry.js',
      '/remotes/mfe-content/1.0.0/.fingerprint',
      '/remotes/mfe-content//1.0.0/remoteEntry.js',
      '/remotes/mfe-content/1.0.0//remoteEntry.js',
      '/remotes/MFE-CONTENT/1.0.0/remoteEntry.js',
      '/remotes/mfe-content/1.0.0/remoteEntry.js%00',
      '/remotes/mfe-content/9.9.9/remoteEntry.js',
      '/remotes/mfe-content/1.0.0/',
    ]) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('manager@example.com');
    }
  });

  it('attack: a staged version is neither listed nor sent, except to the browser previewing it', async () => {
    const listed = (cookie?: string) =>
      get('/remotes/registry.json', cookie).then((res) =>
        (res.json() as { remotes: Record<string, { history: { version: string }[] }> }).remotes[
          'mfe-content'
        ]!.history.map((r) => r.version),
      );
    expect(await listed()).toEqual(['1.0.0']);
    expect((await get('/remotes/mfe-content/1.1.0/remoteEntry.js')).statusCode).toBe(404);
    // The preview cookie's holder gets it listed, as the page's embedded decision, and its files (never shared caches).
    const preview = `shop_preview=${signToken(KEY, { preview: { remote: 'mfe-content', version: '1.1.0' } }, 600)}`;
    expect(await listed(preview)).toEqual(['1.0.0', '1.1.0']);
    const file = await get('/remotes/mfe-content/1.1.0/remoteEntry.js', preview);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toMatch(/^private/);
  });
});

describe('the site issues the session id', () => {
  it('attack: a session id the visitor made up is replaced, so nobody picks a bucket', async () => {
    for (const forged of [
      'AAAAAAAAAAAAAAAAAAAAAA',
      `AAAAAAAAAAAAAAAAAAAAAA.${'B'.repeat(22)}`,
      newSession('another key').cookie,
    ]) {
      const res = await get('/remotes/registry.json', `shop_session=${forged}`);
      const set = String(res.headers['set-cookie'] ?? '');
      expect(set).toMatch(
        /^shop_session=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
      );
      const value = /^shop_session=([^;]+)/.exec(set)?.[1];
      expect(issuedSessionId(KEY, value)).not.toBeNull();
      expect(value?.startsWith(forged.slice(0, 22))).toBe(false);
    }
    const issued = newSession(KEY).cookie;
    expect(
      (await get('/remotes/registry.json', `shop_session=${issued}`)).headers['set-cookie'],
    ).toBeUndefined();
  });

  it('networks: a /24 for IPv4, a /64 for IPv6', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2:3:4:5:6')).toBe(networkOf('2001:db8:1:2::9'));
    expect(networkOf('2001:db8:1:3::9')).not.toBe(networkOf('2001:db8:1:2::9'));
  });
});

describe("the preview link's to=", () => {
  it('attack: an open redirect is refused, however it is spelled; a path of the site is kept', async () => {
    for (const to of [
      '//evil.example',
      '/\\evil.example',
      '/%09/evil.example',
      '/\t/evil.example',
      '/%2F/evil.example',
      '/%5Cevil.example',
      '/\n/evil.example',
      'https://evil.example',
      '/https:evil.example',
      'javascript:alert(1)',
      '/%0d%0a/evil.example',
    ])
      expect([to, sameSitePath(to)]).toEqual([to, null]);
    expect(sameSitePath('/about?x=1#top')).toBe('/about?x=1#top');
    const token = signToken(KEY, { preview: { remote: 'mfe-content', version: '1.1.0' } }, 600);
    const res = await get(`/__preview?token=${token}&to=%2F%09%2Fevil.example`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
  });
});
