// A canary slower than the live version for the shoppers who got it is rolled back: speed figures arrive through
// POST /api/releases/vitals as the shell sends them, the controller is driven one tick at a time with a chosen clock.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DeskRemote, ReleaseAction } from '@metrology/shared/contracts';
import { signToken } from '@metrology/server-kit/signed-token';
import { body, get, post, register, startApp } from '../../../__tests__/helpers/test-app.js';
import { publishedVersions } from './release-fixtures.js';
import { runRolloutController } from '../rollout-controller.js';
import { hypergeometricTail } from '../rollout-speed.js';

const KEY = 'speed-signing-key-for-tests';
const REMOTE = 'mfe-content';
let app: FastifyInstance;
let manager = '';

beforeAll(async () => {
  const work = await fs.mkdtemp(path.join(tmpdir(), 'metrology-speed-'));
  const releasesDir = await publishedVersions(work, REMOTE, ['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0']);
  app = await startApp({ releasesDir, releases: { signingKey: KEY, checkSeconds: 0 } });
  const m = await register(app, 'Manager Mia');
  manager = m.token;
  await app.shop.db.query(`UPDATE users SET role = 'release-manager' WHERE email = $1`, [m.email]);
});
afterAll(() => app.close());

const tick = (now = new Date()) => runRolloutController(app, now);
const desk = async () =>
  body<{ remotes: DeskRemote[]; actions: ReleaseAction[] }>(await get(app, '/api/releases/desk', manager));

/** Sampled shoppers each send one page's INP on a route, as the shell's beacon does (each from its own network). */
async function shoppers(version: string, prefix: string, values: number[], route = '/about') {
  for (const [i, value] of values.entries()) {
    const session = `${prefix}-${i}`;
    const res = await post(
      app,
      '/api/releases/vitals',
      JSON.stringify({
        pageToken: signToken(
          KEY,
          { session, network: `net-${session}`, versions: { [REMOTE]: version }, vitals: true },
          3600,
        ),
        figures: [{ remote: REMOTE, version, route, metric: 'INP', value }],
      }),
      undefined,
      { 'content-type': 'text/plain;charset=UTF-8' },
    );
    expect(res.statusCode).toBe(200);
  }
}

/** n figures spread evenly from low to high (a plausible INP spread, the same for any run). */
const spread = (n: number, low: number, high: number) =>
  Array.from({ length: n }, (_, i) => Math.round(low + ((high - low) * i) / Math.max(1, n - 1)));

async function startRollout(payload: Record<string, unknown>) {
  const res = await post(app, '/api/releases/rollout', { remote: REMOTE, ...payload }, manager);
  expect(res.statusCode).toBe(200);
}

const rolloutNow = async () => (await desk()).remotes.find((r) => r.remote === REMOTE)?.rollout;

describe("the speed test (Fisher's exact, one-sided)", () => {
  it('gives the chance that at least a of the figures above the line are the canary’s, were both as fast', () => {
    // 20 figures a side, the 10 above both sides' p75 all the canary's: C(20,10) / C(40,10).
    expect(hypergeometricTail(10, 40, 10, 20)).toBeCloseTo(0.00021795989537925023, 15);
    // One of live's among them is enough to want more figures.
    expect(hypergeometricTail(9, 40, 10, 20)).toBeCloseTo(0.00418086708409289, 14);
    expect(hypergeometricTail(5, 40, 10, 20)).toBeCloseTo(0.6417867224318837, 12);
    expect(hypergeometricTail(31, 271, 68, 31) / 4.059834966766756e-22).toBeCloseTo(1, 8);
    expect(hypergeometricTail(300, 2000, 500, 1000) / 1.4876209691063186e-7).toBeCloseTo(1, 8);
    expect(hypergeometricTail(0, 10, 3, 5)).toBe(1);
    expect(hypergeometricTail(4, 10, 3, 5)).toBe(0);
  });
});

describe('a canary slower than live', () => {
  it('is rolled back with the figures in the log', async () => {
    await startRollout({ version: '1.1.0', percent: 50 });
    await shoppers('1.0.0', 'live-a', spread(240, 40, 120));
    await shoppers('1.1.0', 'slow', spread(31, 380, 440));
    const decisions = await tick();
    expect(decisions).toEqual([
      expect.objectContaining({ action: 'abort', remote: REMOTE, version: '1.1.0' }),
    ]);
    expect(decisions[0]?.why).toMatch(
      /^automatic rollback: slower: INP p75 1\.1\.0 425 ms vs live 1\.0\.0 100 ms on \/about \(n 31 \/ 240\), factor 4\.25 >= 1\.25, 31 of 31 canary and 35 of 240 live figures above both sides' p75 108 ms \(one-sided Fisher exact test, p = [0-9.]+e-\d+ < 0\.001\); in the last 10 min$/,
    );
    expect(await rolloutNow()).toBeUndefined();
    const abort = (await desk()).actions.find((a) => a.action === 'rollout-abort' && a.version === '1.1.0');
    expect(abort).toMatchObject({ automatic: true, actor: 'automatic' });
    expect(abort?.figures).toMatchObject({
      speedCanaryP75: 425,
      speedLiveP75: 100,
      speedCanarySamples: 31,
      speedLiveSamples: 240,
      speedFactor: 4.25,
      speedAbove: 31,
      speedLiveAbove: 35,
      speedPooledP75: 108,
      slowerFactor: 1.25,
      minVitals: 20,
    });
  });
});

describe('a canary as fast as live', () => {
  it('is not rolled back, and its plan moves on', async () => {
    await startRollout({ version: '1.2.0', plan: '50:5,100' });
    await shoppers('1.0.0', 'live-b', spread(200, 40, 120));
    await shoppers('1.2.0', 'same', spread(200, 40, 120));
    // Another route, thin on both sides: it adds to the comparison over all routes only.
    await shoppers('1.0.0', 'live-b-news', spread(5, 40, 120), '/news');
    await shoppers('1.2.0', 'same-news', spread(5, 40, 120), '/news');
    expect(await tick()).toEqual([]);
    const began = Date.parse((await rolloutNow())?.stageStartedAt ?? '');
    expect(await tick(new Date(began + 6 * 60_000))).toEqual([
      expect.objectContaining({ action: 'advance', remote: REMOTE, version: '1.2.0' }),
    ]);
    expect(await rolloutNow()).toMatchObject({ version: '1.2.0', percent: 100 });
    const done = await post(app, '/api/releases/rollout/complete', { remote: REMOTE }, manager);
    expect(done.statusCode).toBe(200);
    expect((await desk()).remotes.find((r) => r.remote === REMOTE)?.current).toBe('1.2.0');
  });
});

describe('too few figures', () => {
  it('decide nothing, however slow they are', async () => {
    await startRollout({ version: '1.3.0', percent: 50 });
    await shoppers('1.2.0', 'live-c', spread(240, 40, 120));
    await shoppers('1.3.0', 'few', spread(19, 4000, 5000));
    expect(await tick()).toEqual([]);
    expect((await rolloutNow())?.version).toBe('1.3.0');
    // The twentieth slow figure is enough.
    await shoppers('1.3.0', 'one-more', [4500]);
    expect(await tick()).toEqual([expect.objectContaining({ action: 'abort', version: '1.3.0' })]);
  });
});

describe('a canary as fast as live, with as few figures as live', () => {
  it("is not rolled back when live's own figures, taken by chance, explain the difference", async () => {
    // Forty INP figures drawn from one spread (log-normal, median 100 ms, σ 0.6, in Event Timing's 8 ms steps),
    // the first twenty given to live and the rest to the canary. The canary's p75 is 1.73 × live's and 12 of its 20
    // figures are above live's p75: taking live's p75 as exact (a binomial test against 25 %, p = 0.00094) would
    // roll it back. Both sides against one line (their pooled p75, 146 ms: 8 of the canary's figures above it and 2
    // of live's), p = 0.032: chance, and the rollout goes on.
    const live = [24, 32, 48, 48, 48, 56, 64, 64, 72, 72, 80, 80, 88, 88, 96, 104, 120, 136, 160, 224];
    const canary = [
      32, 48, 56, 56, 72, 80, 88, 88, 104, 104, 144, 144, 152, 160, 168, 176, 200, 208, 224, 480,
    ];
    await startRollout({ version: '1.4.0', percent: 50 });
    await shoppers('1.2.0', 'live-d', live, '/careers');
    await shoppers('1.4.0', 'chance', canary, '/careers');
    expect(await tick()).toEqual([]);
    expect(await rolloutNow()).toMatchObject({ version: '1.4.0', percent: 50 });
  });
});
