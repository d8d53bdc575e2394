// The desk's trends: sessions and failures the site vouched for (POST /api/releases/served) and browser reports with
// a page token, counted per version in time buckets over a running rollout or the last day, with the release actions
// on the same axis; only for those who may read the desk.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ReleaseTrend, TrendPoint } from '@metrology/shared/contracts';
import { signBody, signToken } from '@metrology/server-kit/signed-token';
import { body, get, post, register, startApp } from '../../../__tests__/helpers/test-app.js';
import { publishedVersions } from './release-fixtures.js';
import { SIGNATURE_HEADER } from '../release-routes.js';
import { bucketSecondsFor, trendSpan } from '../trends.js';

const KEY = 'trends-signing-key-for-tests';
const REMOTE = 'mfe-content';
let app: FastifyInstance;
let manager = '';
let shopper = '';

beforeAll(async () => {
  const work = await fs.mkdtemp(path.join(tmpdir(), 'metrology-trends-'));
  const releasesDir = await publishedVersions(work, REMOTE, ['1.0.0', '1.1.0']);
  app = await startApp({ releasesDir, releases: { signingKey: KEY, checkSeconds: 0 } });
  const m = await register(app, 'Manager Tara');
  manager = m.token;
  await app.shop.db.query(`UPDATE users SET role = 'release-manager' WHERE email = $1`, [m.email]);
  shopper = (await register(app, 'Shopper Tom')).token;
});
afterAll(() => app.close());

async function serve(version: string, prefix: string, count: number, renderFailed: number) {
  const sessions = Array.from({ length: count }, (_, i) => ({
    remote: REMOTE,
    version,
    session: `${prefix}-${i}`,
    network: `net-${prefix}-${i}`,
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

const trends = async (query: string, token = manager) => {
  const res = await get(app, `/api/releases/trends${query}`, token);
  expect(res.statusCode).toBe(200);
  return body<{ trends: ReleaseTrend[] }>(res).trends;
};

describe('the desk trends', () => {
  it('count each version per bucket, mark the actions, and follow the rollout', async () => {
    const start = await post(
      app,
      '/api/releases/rollout',
      { remote: REMOTE, version: '1.1.0', percent: 50, why: 'new about page' },
      manager,
    );
    expect(start.statusCode).toBe(200);
    await serve('1.0.0', 'live', 10, 1);
    await serve('1.1.0', 'canary', 8, 2);
    // One canary session the site rendered fine, and whose browser then reported a failure with its page token.
    const report = await post(app, '/api/releases/load-failures', {
      pageToken: signToken(
        KEY,
        { session: 'canary-7', network: 'net-canary-7', versions: { [REMOTE]: '1.1.0' } },
        600,
      ),
      remote: REMOTE,
      version: '1.1.0',
      kind: 'render',
      message: 'TypeError: x is undefined',
    });
    expect(report.statusCode).toBe(200);
    // Sampled browsers measured both versions' About page: the canary's INP is slower.
    for (const [version, session, inp] of [
      ['1.1.0', 'canary-1', 300],
      ['1.1.0', 'canary-2', 500],
      ['1.0.0', 'live-1', 80],
    ] as const) {
      const vitals = await post(app, '/api/releases/vitals', {
        pageToken: signToken(
          KEY,
          { session, network: `net-${session}`, versions: { [REMOTE]: version }, vitals: true },
          600,
        ),
        figures: [
          { remote: REMOTE, version, route: '/about', metric: 'INP', value: inp },
          { remote: REMOTE, version, route: '/about', metric: 'LCP', value: 1000 },
        ],
      });
      expect(vitals.statusCode).toBe(200);
    }
    // Time as a rollout lives it: four live sessions first seen five minutes ago, the others and the canary's a
    // minute ago, the speed figures two minutes ago (one statement a table: one now(), so one bucket each).
    await app.shop.db.query(
      `UPDATE release_sessions SET first_seen = CASE WHEN session IN ('live-6', 'live-7', 'live-8', 'live-9')
         THEN now() - interval '5 minutes' ELSE now() - interval '1 minute' END WHERE remote = $1`,
      [REMOTE],
    );
    await app.shop.db.query(`UPDATE load_failures SET at = now() - interval '1 minute' WHERE remote = $1`, [
      REMOTE,
    ]);
    await app.shop.db.query(`UPDATE release_vitals SET at = now() - interval '2 minutes' WHERE remote = $1`, [
      REMOTE,
    ]);

    const [trend] = await trends(`?remote=${REMOTE}`);
    expect(trend?.remote).toBe(REMOTE);
    expect(trend?.range).toBe('rollout');
    // The span starts a window (10 min) before the rollout: 15 s buckets cover it in at most 48.
    expect(trend?.bucketSeconds).toBe(15);
    expect(trend?.versions.map((v) => [v.version, v.role])).toEqual([
      ['1.1.0', 'canary'],
      ['1.0.0', 'live'],
    ]);
    const [canary, live] = trend?.versions ?? [];
    const total = (points: { sessions: number; failing: number }[] = []) => [
      points.reduce((n, p) => n + p.sessions, 0),
      points.reduce((n, p) => n + p.failing, 0),
    ];
    expect(total(canary?.points)).toEqual([8, 3]);
    expect(total(live?.points)).toEqual([10, 1]);
    const measured = (points: TrendPoint[] = []) => points.filter((p) => p.inpSamples + p.lcpSamples > 0);
    const counted = (points: TrendPoint[] = []) => points.filter((p) => p.sessions > 0);
    expect(
      counted(live?.points).map(({ sessions, failing, failureRate }) => [sessions, failing, failureRate]),
    ).toEqual([
      [4, 0, 0],
      [6, 1, 0.1667],
    ]);
    expect(counted(canary?.points).map(({ sessions, failing }) => [sessions, failing])).toEqual([[8, 3]]);
    // p75 of 300 and 500 ms (percentile_cont: 450) in the bucket the figures came in; 2 figures of each metric.
    expect(measured(canary?.points)).toEqual([
      expect.objectContaining({ inpP75: 450, lcpP75: 1000, inpSamples: 2, lcpSamples: 2, sessions: 0 }),
    ]);
    expect(measured(live?.points)).toEqual([
      expect.objectContaining({ inpP75: 80, lcpP75: 1000, inpSamples: 1, lcpSamples: 1 }),
    ]);
    expect(Date.parse(measured(live?.points)[0]?.at ?? '')).toBeLessThan(
      Date.parse(counted(live?.points)[1]?.at ?? ''),
    );
    for (const p of [...(canary?.points ?? []), ...(live?.points ?? [])]) {
      expect(Date.parse(p.at) % (15 * 1000)).toBe(0);
      expect(Date.parse(p.at)).toBeGreaterThanOrEqual(Date.parse(trend?.from ?? ''));
    }
    // The set-up's publishes are in the log only when the API's store imported them (the engine's choice).
    expect(trend?.marks.at(-1)).toMatchObject({ action: 'rollout-start', label: 'rollout of 1.1.0 at 50 %' });

    // The desk's other remotes and the shell come back too when no remote is named; never-published ones empty.
    const all = await trends('');
    expect(all.map((t) => t.remote)).toEqual([
      'mfe-catalog',
      'mfe-commerce',
      'mfe-content',
      'mfe-careers',
      'shell',
    ]);
    expect(all.find((t) => t.remote === 'mfe-catalog')).toMatchObject({
      range: 'day',
      versions: [],
      marks: [],
    });

    const aborted = await post(app, '/api/releases/rollout/abort', { remote: REMOTE, why: 'done' }, manager);
    expect(aborted.statusCode).toBe(200);
    const [day] = await trends(`?remote=${REMOTE}&range=day`);
    expect(day?.bucketSeconds).toBe(1800);
    expect(day?.versions.map((v) => [v.version, v.role])).toEqual([
      ['1.0.0', 'live'],
      ['1.1.0', 'earlier'],
    ]);
    expect(day?.marks.at(-1)?.label).toBe('1.1.0 rolled back');
  });

  it('are for those who may read the desk, about a known remote', async () => {
    expect((await get(app, '/api/releases/trends')).statusCode).toBe(401);
    expect((await get(app, '/api/releases/trends', shopper)).statusCode).toBe(403);
    const unknown = await get(app, '/api/releases/trends?remote=mfe-nothing', manager);
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toMatch(/Unknown remote 'mfe-nothing'/);
    expect((await get(app, '/api/releases/trends?range=week', manager)).statusCode).toBe(400);
  });
});

describe('the span of a trend', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  it('covers a rollout from a window before it began, and the last day otherwise', () => {
    const rollout = {
      version: '2.0.0',
      percent: 10,
      startedAt: '2026-11-27T11:30:00.000Z',
      stageStartedAt: '',
    };
    const entry = { current: '1.0.0', history: [], rollout };
    const span = trendSpan('rollout', entry, 10, now);
    expect(span.bucketSeconds).toBe(60);
    expect(span.from.toISOString()).toBe('2026-11-27T11:20:00.000Z');
    expect(trendSpan('rollout', { current: '1.0.0', history: [] }, 10, now).from.toISOString()).toBe(
      '2026-11-27T11:00:00.000Z',
    );
    const day = trendSpan('day', entry, 10, now);
    expect(day.bucketSeconds).toBe(1800);
    expect(day.to.getTime() - day.from.getTime()).toBe(24 * 3_600_000);
  });
  it('has at most 48 buckets of a length a chart reads well in', () => {
    expect(bucketSecondsFor(10 * 60_000)).toBe(15);
    expect(bucketSecondsFor(7 * 24 * 3_600_000)).toBe(7200);
  });
});
