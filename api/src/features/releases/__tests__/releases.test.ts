import type { FastifyInstance } from 'fastify';
import { signBody, signToken } from '@metrology/server-kit/signed-token';
import { body, get as getAs, post, register, startApp } from '../../../__tests__/helpers/test-app.js';
import { MAX_REPORTS_PER_NETWORK, REPORT_MESSAGES, SIGNATURE_HEADER } from '../release-routes.js';

const KEY = 'release-signing-key-for-tests';
let app: FastifyInstance;
let managerToken = '';
/** Reading the reports is for release managers (the release desk). */
const get = (server: FastifyInstance, url: string) => getAs(server, url, managerToken);
beforeAll(async () => {
  app = await startApp({ releases: { signingKey: KEY, checkSeconds: 0 } });
  const manager = await register(app, 'Release Manager');
  managerToken = manager.token;
  await app.shop.db.query(`UPDATE users SET role = 'release-manager' WHERE email = $1`, [manager.email]);
});
afterAll(() => app.close());

/** The token the site signs into a page it served this session (on its own network) with these versions. */
const pageToken = (
  session: string,
  versions: Record<string, string>,
  key = KEY,
  ttl = 86_400,
  network = `net-${session}`,
) => signToken(key, { session, network, versions }, ttl);

const REPORT = {
  remote: 'mfe-catalog',
  version: '1.4.0',
  kind: 'entry',
  message: 'Failed to fetch remoteEntry.js (503)',
  url: 'http://localhost:8080/remotes/mfe-catalog/1.4.0/remoteEntry.js',
  fallbackVersion: '1.3.2',
};
const report = (session: string, extra: Record<string, unknown> = {}) => ({
  ...REPORT,
  pageToken: pageToken(session, { 'mfe-catalog': '1.4.0', 'mfe-content': '2.0.0' }),
  ...extra,
});

type Reports = { reports: (typeof REPORT & { at: string })[] };
const count = async (where = 'TRUE') =>
  Number(
    (await app.shop.db.query<{ n: string }>(`SELECT count(*) AS n FROM load_failures WHERE ${where}`)).rows[0]
      ?.n,
  );

describe('release load-failure reports', () => {
  it('stores a report carrying a valid page token and lists it newest first with its time', async () => {
    const res = await post(app, '/api/releases/load-failures', report('session-a'));
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Report received' });
    const { reports } = body<Reports>(await get(app, '/api/releases/load-failures'));
    expect(reports[0]).toMatchObject(REPORT);
    expect(Date.parse(reports[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a report without a token, with a forged, expired or foreign token, or for a version the page was not served', async () => {
    const before = await count();
    const missing = await post(app, '/api/releases/load-failures', REPORT);
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toContain('pageToken');
    for (const token of [
      'not-a-token',
      pageToken('s', { 'mfe-catalog': '1.4.0' }, 'another key'),
      pageToken('s', { 'mfe-catalog': '1.4.0' }).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      signToken(KEY, { session: 's', versions: { 'mfe-catalog': '1.4.0' } }, 1, Date.now() - 10_000),
      signToken(KEY, { preview: { remote: 'mfe-catalog', version: '1.4.0' } }, 60),
    ]) {
      const res = await post(app, '/api/releases/load-failures', { ...REPORT, pageToken: token });
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe(REPORT_MESSAGES.badToken);
    }
    // A real token, but the page was served another version (or no version of that remote).
    for (const extra of [
      { version: '1.5.0' },
      { remote: 'mfe-careers', version: '1.4.0' },
      { version: undefined },
    ]) {
      const res = await post(app, '/api/releases/load-failures', report('session-b', extra));
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe(REPORT_MESSAGES.wrongVersion);
    }
    expect(await count()).toBe(before);
  });

  it("accepts a report of a version the page's browser may fall back to, and no other", async () => {
    // Served 1.4.0; the token names 1.3.2 and 1.3.0 as the earlier good versions the browser falls back to.
    const token = signToken(
      KEY,
      {
        session: 'session-fallback',
        versions: { 'mfe-catalog': '1.4.0' },
        fallbacks: { 'mfe-catalog': ['1.3.2', '1.3.0'] },
      },
      86_400,
    );
    const fallback = await post(app, '/api/releases/load-failures', {
      ...REPORT,
      version: '1.3.2',
      fallbackVersion: '1.3.0',
      pageToken: token,
    });
    expect(fallback.statusCode).toBe(200);
    const newer = await post(app, '/api/releases/load-failures', {
      ...REPORT,
      version: '1.5.0',
      pageToken: token,
    });
    expect(newer.statusCode).toBe(403);
    expect(body(newer).message).toBe(REPORT_MESSAGES.wrongVersion);
  });

  it('counts a replayed report once per session, remote, version and kind', async () => {
    const before = await count();
    for (let i = 0; i < 5; i += 1) {
      const res = await post(
        app,
        '/api/releases/load-failures',
        report('session-dup', { message: `try ${i}` }),
      );
      expect(res.statusCode).toBe(200);
    }
    expect(body(await post(app, '/api/releases/load-failures', report('session-dup')))).toMatchObject({
      message: 'Already reported',
    });
    await post(app, '/api/releases/load-failures', report('session-dup', { kind: 'render' }));
    expect(await count()).toBe(before + 2);
  });

  it("one version's reports never push out another's", async () => {
    const canary = (session: string) => ({
      ...REPORT,
      remote: 'mfe-content',
      version: '2.0.0',
      pageToken: pageToken(session, { 'mfe-content': '2.0.0' }),
    });
    await post(app, '/api/releases/load-failures', canary('the real one'));
    for (let i = 0; i < 210; i += 1) await post(app, '/api/releases/load-failures', report(`flood-${i}`));
    expect(await count(`remote = 'mfe-content' AND version = '2.0.0'`)).toBe(1);
    // Within the rollout window nothing of the flooded version is dropped either: the figures stay whole.
    expect(await count(`remote = 'mfe-catalog' AND version = '1.4.0'`)).toBeGreaterThan(200);
    const all = body<Reports>(await get(app, '/api/releases/load-failures?limit=200')).reports;
    expect(all).toHaveLength(200);
    expect(body<Reports>(await get(app, '/api/releases/load-failures?limit=3')).reports).toHaveLength(3);
  });

  it('only release managers read the reports', async () => {
    expect((await getAs(app, '/api/releases/load-failures')).statusCode).toBe(401);
    const shopper = await register(app, 'Shopper');
    expect((await getAs(app, '/api/releases/load-failures', shopper.token)).statusCode).toBe(403);
  });

  it('bounds sizes and refuses unknown fields', async () => {
    const long = await post(app, '/api/releases/load-failures', report('s', { message: 'x'.repeat(2001) }));
    expect(long.statusCode).toBe(400);
    expect(body(long).message).toBe('"message" must be at most 2000 characters');
    expect((await post(app, '/api/releases/load-failures', { remote: 'x', kind: 'y' })).statusCode).toBe(400);
    expect((await post(app, '/api/releases/load-failures', report('s', { stack: 'x' }))).statusCode).toBe(
      400,
    );
  });

  it('attack: a kind of its own for every replay makes no new report; kind is one the shell sends', async () => {
    const before = await count();
    for (const kind of ['entry ', 'ENTRY', 'load-error', 'x'.repeat(50), 'render-2']) {
      const res = await post(app, '/api/releases/load-failures', report('session-kinds', { kind }));
      expect([kind, res.statusCode]).toEqual([kind, 400]);
    }
    for (const kind of ['entry', 'module', 'render', 'incompatible-shared'])
      expect(
        (await post(app, '/api/releases/load-failures', report('session-kinds', { kind }))).statusCode,
      ).toBe(200);
    expect(await count()).toBe(before + 4);
  });

  it('attack: one network flooding reports of a version stores at most its share, and others still get in', async () => {
    const before = await count(`remote = 'mfe-catalog' AND version = '1.4.0' AND network = 'attacker-net'`);
    for (let i = 0; i < MAX_REPORTS_PER_NETWORK + 15; i += 1) {
      const token = pageToken(`attacker-${i}`, { 'mfe-catalog': '1.4.0' }, KEY, 86_400, 'attacker-net');
      expect(
        (await post(app, '/api/releases/load-failures', { ...REPORT, pageToken: token })).statusCode,
      ).toBe(200);
    }
    expect(await count(`remote = 'mfe-catalog' AND version = '1.4.0' AND network = 'attacker-net'`)).toBe(
      Math.max(before, MAX_REPORTS_PER_NETWORK),
    );
    const honest = await post(app, '/api/releases/load-failures', report('an honest visitor'));
    expect(body(honest)).toMatchObject({ message: 'Report received' });
  });
});

describe('sessions served (from the site servers)', () => {
  /** Posts the JSON text as the site server does: the signature is over these exact bytes. */
  const served = (payload: unknown, key: string | null = KEY) => {
    const text = JSON.stringify(payload);
    return post(app, '/api/releases/served', text, undefined, {
      'content-type': 'application/json',
      ...(key ? { [SIGNATURE_HEADER]: signBody(key, text) } : {}),
    });
  };
  const rows = async () =>
    (
      await app.shop.db.query<{ session: string; render_failed: boolean; first_seen: Date }>(
        `SELECT session, render_failed, first_seen FROM release_sessions WHERE remote = 'mfe-careers' ORDER BY session`,
      )
    ).rows;

  it('stores the network and whether the session ran the code; both stick to the first visit', async () => {
    await served({
      sessions: [
        {
          remote: 'mfe-careers',
          version: '2.0.0',
          session: 'runner',
          network: '198.51.100.0/24',
          renderFailed: false,
        },
      ],
    });
    await served({
      sessions: [
        {
          remote: 'mfe-careers',
          version: '2.0.0',
          session: 'runner',
          network: '203.0.113.0/24',
          ran: true,
          renderFailed: false,
        },
      ],
    });
    await served({
      sessions: [{ remote: 'mfe-careers', version: '2.0.0', session: 'runner', renderFailed: false }],
    });
    const { rows: stored } = await app.shop.db.query<{ network: string; ran: boolean }>(
      `SELECT network, ran FROM release_sessions WHERE version = '2.0.0' AND session = 'runner'`,
    );
    expect(stored).toEqual([{ network: '198.51.100.0/24', ran: true }]);
    await app.shop.db.query(`DELETE FROM release_sessions WHERE version = '2.0.0'`);
  });

  it('stores each session once per version; a render failure sticks', async () => {
    const res = await served({
      sessions: [
        { remote: 'mfe-careers', version: '1.0.0', session: 'one', renderFailed: false },
        { remote: 'mfe-careers', version: '1.0.0', session: 'two', renderFailed: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    const first = await rows();
    expect(first.map((r) => [r.session, r.render_failed])).toEqual([
      ['one', false],
      ['two', true],
    ]);
    await served({
      sessions: [
        { remote: 'mfe-careers', version: '1.0.0', session: 'one', renderFailed: true },
        { remote: 'mfe-careers', version: '1.0.0', session: 'two', renderFailed: false },
      ],
    });
    const second = await rows();
    expect(second.map((r) => [r.session, r.render_failed])).toEqual([
      ['one', true],
      ['two', true],
    ]);
    expect(second.map((r) => new Date(r.first_seen).getTime())).toEqual(
      first.map((r) => new Date(r.first_seen).getTime()),
    );
  });

  it('refuses a body not signed with the key, or signed over other bytes', async () => {
    const payload = {
      sessions: [{ remote: 'mfe-careers', version: '1.0.0', session: 'forged', renderFailed: true }],
    };
    for (const res of [
      await served(payload, null),
      await served(payload, 'another key'),
      await post(app, '/api/releases/served', { ...payload, sessions: [] }, undefined, {
        [SIGNATURE_HEADER]: signBody(KEY, JSON.stringify(payload)),
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe(REPORT_MESSAGES.badSignature);
    }
    expect((await rows()).map((r) => r.session)).not.toContain('forged');
  });

  it('takes at most 1000 sessions a call', async () => {
    const sessions = Array.from({ length: 1001 }, (_, i) => ({
      remote: 'mfe-careers',
      version: '1.0.0',
      session: `bulk-${i}`,
      renderFailed: false,
    }));
    expect((await served({ sessions })).statusCode).toBe(400);
    expect((await served({ sessions: sessions.slice(0, 1000) })).statusCode).toBe(200);
  });
});

describe('without a signing key', () => {
  it('refuses every report, saying why', async () => {
    const bare = await startApp({ releases: { checkSeconds: 0 } });
    try {
      const res = await post(bare, '/api/releases/load-failures', report('s'));
      expect(res.statusCode).toBe(503);
      expect(body(res).message).toBe(REPORT_MESSAGES.noKey);
    } finally {
      await bare.close();
    }
  });
});
