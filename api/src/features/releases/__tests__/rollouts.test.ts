// Staged rollouts from the desk, and the rollout controller judging them on the figures the site can vouch for
// (sessions served, its render failures, browser reports with a page token). The controller is driven here by
// calling one tick with a chosen clock, never by its timer.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DeskRemote, ReleaseAction } from '@metrology/shared/contracts';
import { signBody, signToken, verifyToken } from '@metrology/server-kit/signed-token';
import { body, get, post, register, startApp } from '../../../__tests__/helpers/test-app.js';
import { registryModule } from '../../back-office/registry-bridge.js';
import { SIGNATURE_HEADER } from '../release-routes.js';
import { registryAccess } from '../registry-access.js';
import { runRolloutController } from '../rollout-controller.js';

const KEY = 'rollout-signing-key-for-tests';
let app: FastifyInstance;
let releasesDir: string;
let manager = '';
let shopper = '';

async function fakeBuild(remote: string, marker: string): Promise<string> {
  const dist = await fs.mkdtemp(path.join(releasesDir, `..${path.sep}dist-${marker}-`));
  const name = remote.replace(/-/g, '_');
  await fs.writeFile(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({ id: name, name, metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  );
  await fs.writeFile(path.join(dist, 'remoteEntry.js'), `/* ${remote} ${marker} */`);
  return dist;
}

beforeAll(async () => {
  const work = await fs.mkdtemp(path.join(tmpdir(), 'metrology-rollouts-'));
  releasesDir = path.join(work, 'releases');
  const registry = await registryModule();
  for (const remote of ['mfe-content', 'mfe-careers'])
    for (const version of ['1.0.0', '1.1.0', '1.2.0', '1.3.0']) {
      await registry.publishRelease({
        store: registry.releaseStore(releasesDir),
        remote,
        distDir: await fakeBuild(remote, version),
        version,
        commit: 'c0ffee1',
      });
    }
  for (const remote of ['mfe-content', 'mfe-careers'])
    await registry.rollbackRelease({
      store: registry.releaseStore(releasesDir),
      remote,
      to: '1.0.0',
      by: 'setup',
    });
  // No tolerated networks here: these scenarios are about the thresholds (rollout-attack.test.ts about strangers).
  app = await startApp({ releasesDir, releases: { signingKey: KEY, checkSeconds: 0, toleratedNetworks: 0 } });
  const m = await register(app, 'Manager Mia');
  manager = m.token;
  await app.shop.db.query(`UPDATE users SET role = 'release-manager' WHERE email = $1`, [m.email]);
  shopper = (await register(app, 'Shopper Sid')).token;
});
afterAll(() => app.close());

interface Desk {
  remotes: DeskRemote[];
  actions: ReleaseAction[];
  policy: { windowMinutes: number; minFailures: number; failureRate: number };
}
const desk = async () => body<Desk>(await get(app, '/api/releases/desk', manager));
const remoteOf = async (remote: string) => (await desk()).remotes.find((r) => r.remote === remote);

/** Each simulated visitor on a network of its own. */
const networkOf = (session: string) => `net-${session}`;

/** What the site server reports: sessions that ran the version's code, some whose render failed. */
async function serve(
  remote: string,
  version: string,
  prefix: string,
  count: number,
  renderFailed = 0,
  network: (session: string) => string = networkOf,
) {
  const sessions = Array.from({ length: count }, (_, i) => ({
    remote,
    version,
    session: `${prefix}-${i}`,
    network: network(`${prefix}-${i}`),
    ran: true,
    renderFailed: i < renderFailed,
  }));
  const text = JSON.stringify({ sessions });
  const res = await post(app, '/api/releases/served', text, undefined, {
    'content-type': 'application/json',
    [SIGNATURE_HEADER]: signBody(KEY, text),
  });
  expect(res.statusCode).toBe(200);
}

/** A browser's report from a page the site served `version` in. */
async function browserReport(remote: string, version: string, session: string) {
  const res = await post(app, '/api/releases/load-failures', {
    pageToken: signToken(
      KEY,
      { session, network: networkOf(session), versions: { [remote]: version } },
      86_400,
    ),
    remote,
    version,
    kind: 'render',
    message: 'TypeError: cannot read properties of undefined',
  });
  expect(res.statusCode).toBe(200);
}

describe('the desk starts, steers and ends rollouts', () => {
  it('only release managers', async () => {
    const res = await post(
      app,
      '/api/releases/rollout',
      { remote: 'mfe-content', version: '1.1.0', percent: 10 },
      shopper,
    );
    expect(res.statusCode).toBe(403);
    expect(
      (await post(app, '/api/releases/preview', { remote: 'mfe-content', version: '1.1.0' })).statusCode,
    ).toBe(401);
  });

  it('start with a share, raise it, complete it; the desk shows the split and the log who did it', async () => {
    const start = await post(
      app,
      '/api/releases/rollout',
      { remote: 'mfe-careers', version: '1.1.0', percent: 20, why: 'new job cards' },
      manager,
    );
    expect(start.statusCode).toBe(200);
    expect(body(start).message).toBe(
      'Rolling out mfe-careers 1.1.0 to 20 % of visitors; the others keep 1.0.0.',
    );
    const careers = await remoteOf('mfe-careers');
    expect(careers?.rollout).toMatchObject({
      version: '1.1.0',
      percent: 20,
      canary: { version: '1.1.0', sessions: 0, failing: 0, failureRate: 0 },
      current: { version: '1.0.0' },
    });
    // One at a time.
    const again = await post(
      app,
      '/api/releases/rollout',
      { remote: 'mfe-careers', version: '1.2.0', percent: 5 },
      manager,
    );
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toContain('A rollout of mfe-careers 1.1.0 is running');

    const raise = await post(
      app,
      '/api/releases/rollout/percent',
      { remote: 'mfe-careers', percent: 60 },
      manager,
    );
    expect(body<{ remote: DeskRemote }>(raise).remote.rollout?.percent).toBe(60);
    const done = await post(app, '/api/releases/rollout/complete', { remote: 'mfe-careers' }, manager);
    expect(done.statusCode).toBe(200);
    expect(body<{ remote: DeskRemote }>(done).remote).toMatchObject({ current: '1.1.0' });
    expect(body<{ remote: DeskRemote }>(done).remote.rollout).toBeUndefined();
    const { actions } = await desk();
    expect(actions.slice(0, 3).map((a) => [a.action, a.remote, a.version])).toEqual([
      ['rollout-complete', 'mfe-careers', '1.1.0'],
      ['rollout-percent', 'mfe-careers', '1.1.0'],
      ['rollout-start', 'mfe-careers', '1.1.0'],
    ]);
    expect(actions[2]).toMatchObject({ why: 'new job cards', percent: 20, automatic: false });
    expect(actions[0]?.actor).toMatch(/^buyer\d+\./);
  });

  it('refuses what the registry refuses, and a start without exactly one of percent and plan', async () => {
    for (const [url, payload, status, message] of [
      ['/api/releases/rollout', { remote: 'mfe-careers', version: '1.1.0', percent: 5 }, 409, 'already live'],
      [
        '/api/releases/rollout',
        { remote: 'mfe-careers', version: '9.0.0', percent: 5 },
        409,
        'is not published',
      ],
      ['/api/releases/rollout', { remote: 'mfe-careers', version: '1.2.0' }, 400, 'either "percent"'],
      [
        '/api/releases/rollout',
        { remote: 'mfe-careers', version: '1.2.0', percent: 5, plan: '5:1,100' },
        400,
        'not both',
      ],
      [
        '/api/releases/rollout',
        { remote: 'mfe-careers', version: '1.2.0', plan: '50:1,10:1,100' },
        409,
        'more visitors',
      ],
      ['/api/releases/rollout', { remote: 'mfe-careers', version: '1.2.0', percent: 0 }, 400, 'percent'],
      [
        '/api/releases/rollout',
        { remote: 'mfe-nope', version: '1.2.0', percent: 5 },
        400,
        "Unknown remote 'mfe-nope'",
      ],
      [
        '/api/releases/rollout/complete',
        { remote: 'mfe-careers' },
        409,
        'No rollout of mfe-careers is running',
      ],
      ['/api/releases/rollout/abort', { remote: 'mfe-careers' }, 409, 'No rollout of mfe-careers is running'],
      [
        '/api/releases/rollout/approve',
        { remote: 'mfe-careers' },
        409,
        'No rollout of mfe-careers is running',
      ],
    ] as const) {
      const res = await post(app, url, payload, manager);
      expect([url, res.statusCode]).toEqual([url, status]);
      expect(body(res).message).toContain(message);
    }
  });

  it('a preview link, relative to the site, signed for that version only', async () => {
    const res = await post(
      app,
      '/api/releases/preview',
      { remote: 'mfe-content', version: '1.2.0' },
      manager,
    );
    expect(res.statusCode).toBe(200);
    const { url } = body<{ url: string }>(res);
    expect(url).toMatch(/^\/__preview\?token=/);
    const token = new URL(url, 'http://site').searchParams.get('token');
    expect(verifyToken(KEY, token)).toMatchObject({ preview: { remote: 'mfe-content', version: '1.2.0' } });
    expect((await desk()).actions[0]).toMatchObject({ action: 'preview', version: '1.2.0' });
    const live = await post(
      app,
      '/api/releases/preview',
      { remote: 'mfe-content', version: '1.0.0' },
      manager,
    );
    expect(live.statusCode).toBe(409);
  });

  it('a preview link lives an hour, or as long as asked within a minute to a week', async () => {
    const link = async (ttlSeconds?: number) => {
      const before = Date.now();
      const res = await post(
        app,
        '/api/releases/preview',
        { remote: 'mfe-content', version: '1.2.0', ...(ttlSeconds === undefined ? {} : { ttlSeconds }) },
        manager,
      );
      expect(res.statusCode).toBe(200);
      const { url, expiresAt } = body<{ url: string; expiresAt: string }>(res);
      const token = new URL(url, 'http://site').searchParams.get('token');
      const lives = (Date.parse(expiresAt) - before) / 1000;
      return { lives, token };
    };
    expect((await link()).lives).toBeCloseTo(3600, -1);
    const twoDays = await link(2 * 86_400);
    expect(twoDays.lives).toBeCloseTo(2 * 86_400, -1);
    // The token itself ends then: still good a day and a half on, not after two days.
    expect(verifyToken(KEY, twoDays.token, Date.now() + 36 * 3600_000)).not.toBeNull();
    expect(verifyToken(KEY, twoDays.token, Date.now() + 2 * 86_400_000 + 60_000)).toBeNull();
    for (const ttlSeconds of [30, 8 * 86_400, 1.5]) {
      const res = await post(
        app,
        '/api/releases/preview',
        { remote: 'mfe-content', version: '1.2.0', ttlSeconds },
        manager,
      );
      expect([ttlSeconds, res.statusCode]).toEqual([ttlSeconds, 400]);
    }
  });
});

describe('the rollout controller', () => {
  const tick = (now = new Date()) => runRolloutController(app, now);
  const live = async (remote: string) => (await registryAccess(app).read()).remotes[remote];

  it('leaves a canary under the threshold alone, and rolls it back by itself once it passes it, with the figures', async () => {
    expect(
      (
        await post(
          app,
          '/api/releases/rollout',
          { remote: 'mfe-content', version: '1.1.0', percent: 20 },
          manager,
        )
      ).statusCode,
    ).toBe(200);
    await serve('mfe-content', '1.1.0', 'canary', 100, 4);
    await serve('mfe-content', '1.0.0', 'live', 400, 1);
    // 4 failing sessions: under the minimum of 5, whatever the rate.
    expect(await tick()).toEqual([]);
    expect((await live('mfe-content'))?.rollout?.version).toBe('1.1.0');
    // A failure of the live version does not count against the canary.
    await browserReport('mfe-content', '1.0.0', 'live-7');
    expect(await tick()).toEqual([]);
    // The fifth failing session (a browser report), 5 of 100 = 5 % >= 2 %.
    await browserReport('mfe-content', '1.1.0', 'canary-50');
    const decisions = await tick();
    expect(decisions).toEqual([
      expect.objectContaining({ remote: 'mfe-content', version: '1.1.0', action: 'abort' }),
    ]);
    const entry = await live('mfe-content');
    expect(entry?.rollout).toBeUndefined();
    expect(entry?.current).toBe('1.0.0');
    expect(entry?.history.find((r) => r.version === '1.1.0')?.rolledBackAt).toBeTruthy();
    const [action] = (await desk()).actions;
    expect(action).toMatchObject({
      action: 'rollout-abort',
      actor: 'automatic',
      automatic: true,
      version: '1.1.0',
      figures: expect.objectContaining({
        canarySessions: 100,
        canaryFailing: 5,
        canaryFailureRate: 0.05,
        currentSessions: 400,
        currentFailing: 2,
        minFailures: 5,
        thresholdRate: 0.02,
      }),
    });
    expect(action?.why).toContain('automatic rollback: 5 of 100 sessions of 1.1.0 failed (5.0 %)');
    // Nothing more to do.
    expect(await tick()).toEqual([]);
  });

  it('needs the rate too: 5 failing of 1000 sessions (0.5 %) keeps the canary', async () => {
    expect(
      (
        await post(
          app,
          '/api/releases/rollout',
          { remote: 'mfe-content', version: '1.2.0', percent: 50 },
          manager,
        )
      ).statusCode,
    ).toBe(200);
    await serve('mfe-content', '1.2.0', 'many', 1000, 5);
    expect(await tick()).toEqual([]);
    expect((await remoteOf('mfe-content'))?.rollout).toMatchObject({
      canary: { sessions: 1000, failing: 5, failureRate: 0.005 },
    });
    expect(
      (
        await post(
          app,
          '/api/releases/rollout/abort',
          { remote: 'mfe-content', why: 'done testing' },
          manager,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('at 100 % browser reports alone never roll back; render failures of the server do', async () => {
    expect(
      (
        await post(
          app,
          '/api/releases/rollout',
          { remote: 'mfe-content', version: '1.3.0', percent: 100 },
          manager,
        )
      ).statusCode,
    ).toBe(200);
    await serve('mfe-content', '1.3.0', 'all', 50);
    for (let i = 0; i < 10; i += 1) await browserReport('mfe-content', '1.3.0', `all-${i}`);
    expect(await tick()).toEqual([]);
    expect((await live('mfe-content'))?.rollout?.version).toBe('1.3.0');
    await serve('mfe-content', '1.3.0', 'all', 5, 5);
    expect(await tick()).toEqual([expect.objectContaining({ action: 'abort', version: '1.3.0' })]);
  });

  it('moves a plan on with the clock while the canary is healthy, waits for approval, completes', async () => {
    const start = await post(
      app,
      '/api/releases/rollout',
      { remote: 'mfe-careers', version: '1.2.0', plan: '10:5,approve,50:5,100' },
      manager,
    );
    expect(start.statusCode).toBe(200);
    const began = Date.parse((await live('mfe-careers'))?.rollout?.stageStartedAt ?? '');
    const at = (minutes: number) => new Date(began + minutes * 60_000);
    expect(await tick(at(4))).toEqual([]);
    expect(await tick(at(6))).toEqual([
      expect.objectContaining({ action: 'advance', remote: 'mfe-careers' }),
    ]);
    expect((await live('mfe-careers'))?.rollout).toMatchObject({ percent: 10, awaitingApproval: true });
    expect(await tick(at(30))).toEqual([]);
    const approve = await post(app, '/api/releases/rollout/approve', { remote: 'mfe-careers' }, manager);
    expect(body(approve).message).toBe('mfe-careers 1.2.0: stage 2 approved; 50 % of visitors get it now.');
    const approvedAt = Date.parse((await live('mfe-careers'))?.rollout?.stageStartedAt ?? '');
    expect(await tick(new Date(approvedAt + 4 * 60_000))).toEqual([]);
    // A few failures, under the threshold (3 failing sessions of 500): the canary is healthy, the plan moves on.
    await serve('mfe-careers', '1.2.0', 'plan', 500, 3);
    expect(await tick(new Date(approvedAt + 6 * 60_000))).toEqual([
      expect.objectContaining({ action: 'advance', why: expect.stringContaining('50 % -> 100 %') }),
    ]);
    expect(await tick(new Date(approvedAt + 7 * 60_000))).toEqual([
      expect.objectContaining({ action: 'advance', why: expect.stringContaining('plan finished') }),
    ]);
    const entry = await live('mfe-careers');
    expect(entry?.current).toBe('1.2.0');
    expect(entry?.rollout).toBeUndefined();
    expect((await desk()).actions[0]).toMatchObject({
      action: 'rollout-complete',
      actor: 'automatic',
      automatic: true,
    });
  });
});

describe('one network for every visitor (a balancer without TRUST_PROXY)', () => {
  const balancer = () => '10.0.0.0/24';
  const tick = (now = new Date()) => runRolloutController(app, now);

  it("the site's render failures count per session: a canary failing for its visitors is rolled back", async () => {
    const registry = await registryModule();
    const where = await registryAccess(app).where();
    for (const [version, staged] of [
      ['1.0.0', false],
      ['1.1.0', true],
    ] as const)
      await registry.publishRelease({
        ...where,
        remote: 'mfe-catalog',
        distDir: await fakeBuild('mfe-catalog', `catalog-${version}`),
        version,
        commit: 'c0ffee1',
        staged,
      });
    const start = await post(
      app,
      '/api/releases/rollout',
      { remote: 'mfe-catalog', version: '1.1.0', percent: 50 },
      manager,
    );
    expect(start.statusCode).toBe(200);
    await serve('mfe-catalog', '1.0.0', 'one-live', 30, 0, balancer);
    await serve('mfe-catalog', '1.1.0', 'one-canary', 4, 4, balancer);
    // 4 failing renders: under the minimum of 5 sessions.
    expect(await tick()).toEqual([]);
    await serve('mfe-catalog', '1.1.0', 'one-more', 1, 1, balancer);
    const decisions = await tick();
    expect(decisions).toEqual([
      expect.objectContaining({ remote: 'mfe-catalog', version: '1.1.0', action: 'abort' }),
    ]);
    expect(decisions[0]?.why).toContain("the site's own render failed for 5 of");
    const action = (await desk()).actions.find(
      (row) => row.remote === 'mfe-catalog' && row.action === 'rollout-abort',
    );
    expect(action?.figures).toMatchObject({
      canaryRenderFailingSessions: 5,
      canaryRenderFailingNetworks: 1,
      currentRenderFailingSessions: 0,
    });
  });
});
