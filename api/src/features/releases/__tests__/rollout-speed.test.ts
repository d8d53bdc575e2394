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
import { binomialTail } from '../rollout-speed.js';

const KEY = 'speed-signing-key-for-tests';
const REMOTE = 'mfe-content';
let app: FastifyInstance;
let manager = '';

beforeAll(async () => {
  const work = await fs.mkdtemp(path.join(tmpdir(), 'metrology-speed-'));
  const releasesDir = await publishedVersions(work, REMOTE, ['1.0.0', '1.1.0', '1.2.0', '1.3.0']);
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

describe('the binomial test', () => {
  it('gives the chance of at least k of n figures above a line a quarter of them are above', () => {
    expect(binomialTail(12, 20, 0.25)).toBeCloseTo(0.000935391579332645, 12);
    expect(binomialTail(11, 20, 0.25)).toBeCloseTo(0.003942141664083465, 12);
    expect(binomialTail(5, 20, 0.25)).toBeCloseTo(0.5851584974698198, 12);
    expect(binomialTail(300, 1000, 0.25) / 0.00019359032194907896).toBeCloseTo(1, 8);
    expect(binomialTail(29, 31, 0.25) / 9.278602192130947e-16).toBeCloseTo(1, 8);
    expect(binomialTail(0, 10, 0.25)).toBe(1);
    expect(binomialTail(11, 10, 0.25)).toBe(0);
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
      /^automatic rollback: slower: INP p75 1\.1\.0 425 ms vs live 1\.0\.0 100 ms on \/about \(n 31 \/ 240\), factor 4\.25 >= 1\.25, 31 of 31 above live's p75 \(one-sided binomial test vs 25 %, p = [0-9.]+e-\d+ < 0\.001\); in the last 10 min$/,
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
