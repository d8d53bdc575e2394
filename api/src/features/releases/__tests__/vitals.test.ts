// Speed figures from sampled browsers (POST /api/releases/vitals) and the p75 per route the controller reads.
import type { FastifyInstance } from 'fastify';
import { signToken } from '@metrology/server-kit/signed-token';
import { body, post, startApp } from '../../../__tests__/helpers/test-app.js';
import { REPORT_MESSAGES } from '../release-routes.js';
import { MAX_VITALS_PER_NETWORK, pruneVitals, vitalsP75 } from '../vitals.js';
import { VITALS_MESSAGES } from '../vitals-routes.js';

const KEY = 'vitals-signing-key-for-tests';
let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp({ releases: { signingKey: KEY, checkSeconds: 0 } });
});
afterAll(() => app.close());

const VERSIONS = { 'mfe-content': '2.0.0', 'mfe-catalog': '1.4.0' };
const token = (session: string, extra: Record<string, unknown> = {}) =>
  signToken(KEY, { session, network: `net-${session}`, versions: VERSIONS, vitals: true, ...extra }, 3600);
const figure = (extra: Record<string, unknown> = {}) => ({
  remote: 'mfe-content',
  version: '2.0.0',
  route: '/about',
  metric: 'INP',
  value: 96,
  ...extra,
});
const send = (payload: unknown, contentType = 'application/json') =>
  post(
    app,
    '/api/releases/vitals',
    typeof payload === 'string' ? payload : JSON.stringify(payload),
    undefined,
    {
      'content-type': contentType,
    },
  );
const stored = async (where = 'TRUE') =>
  (
    await app.shop.db.query<{
      session: string;
      network: string;
      route: string;
      metric: string;
      value: number;
    }>(`SELECT session, network, route, metric, value FROM release_vitals WHERE ${where} ORDER BY at, metric`)
  ).rows;

describe('speed figures', () => {
  it('stores a beacon (text/plain) with a sampled page token, once per session, route and metric', async () => {
    const beacon = {
      pageToken: token('s-beacon'),
      figures: [
        figure({ metric: 'LCP', value: 1234.5 }),
        figure({ metric: 'CLS', value: 0.02 }),
        figure({
          remote: 'mfe-catalog',
          version: '1.4.0',
          route: '/product/:slug',
          metric: 'TTFB',
          value: 80,
        }),
      ],
    };
    const res = await send(beacon, 'text/plain;charset=UTF-8');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: '3 of 3 figure(s) stored' });
    // The same page's figures again (a second beacon when the page is hidden twice) change nothing.
    expect(body(await send({ ...beacon, figures: [figure({ metric: 'LCP', value: 9999 })] }))).toMatchObject({
      message: '0 of 1 figure(s) stored',
    });
    expect(await stored(`session = 's-beacon'`)).toEqual(
      expect.arrayContaining([
        { session: 's-beacon', network: 'net-s-beacon', route: '/about', metric: 'LCP', value: 1234.5 },
        { session: 's-beacon', network: 'net-s-beacon', route: '/about', metric: 'CLS', value: 0.02 },
        { session: 's-beacon', network: 'net-s-beacon', route: '/product/:slug', metric: 'TTFB', value: 80 },
      ]),
    );
    expect(await stored(`session = 's-beacon'`)).toHaveLength(3);
  });

  it('refuses a page outside the sample, a forged token and a version the page was not served', async () => {
    const unsampled = await send({ pageToken: token('s-out', { vitals: false }), figures: [figure()] });
    expect(unsampled.statusCode).toBe(403);
    expect(body(unsampled)).toMatchObject({ message: VITALS_MESSAGES.notSampled });
    const forged = await send({
      pageToken: signToken('another-key', { session: 's-f', versions: VERSIONS, vitals: true }, 60),
      figures: [figure()],
    });
    expect(forged.statusCode).toBe(403);
    expect(body(forged)).toMatchObject({ message: REPORT_MESSAGES.badToken });
    const wrong = await send({ pageToken: token('s-wrong'), figures: [figure({ version: '9.9.9' })] });
    expect(wrong.statusCode).toBe(403);
    expect(body(wrong)).toMatchObject({ message: VITALS_MESSAGES.wrongVersion });
    expect(await stored(`session IN ('s-out', 's-f', 's-wrong')`)).toEqual([]);
  });

  it('answers 400 with a clear message for a value out of range, an unknown metric or a URL for a route', async () => {
    const slow = await send({ pageToken: token('s-range'), figures: [figure({ value: 60_001 })] });
    expect(slow.statusCode).toBe(400);
    expect(body<{ message: string }>(slow).message).toBe('INP must be from 0 to 60000 ms; got 60001.');
    const negative = await send({
      pageToken: token('s-range'),
      figures: [figure({ metric: 'CLS', value: -1 })],
    });
    expect(body<{ message: string }>(negative).message).toBe('CLS must be from 0 to 100; got -1.');
    expect(
      (await send({ pageToken: token('s-range'), figures: [figure({ metric: 'FID' })] })).statusCode,
    ).toBe(400);
    expect(
      (await send({ pageToken: token('s-range'), figures: [figure({ route: '/product/mic?x=1' })] }))
        .statusCode,
    ).toBe(400);
    expect((await send({ pageToken: token('s-range'), figures: [] })).statusCode).toBe(400);
    expect((await send('not json', 'text/plain')).statusCode).toBe(400);
    expect(await stored(`session = 's-range'`)).toEqual([]);
  });

  it("bounds a network's figures of a version's metric within the window", async () => {
    const network = 'one-busy-network';
    for (let i = 0; i < MAX_VITALS_PER_NETWORK + 5; i += 1)
      await send({ pageToken: token(`s-busy-${i}`, { network }), figures: [figure({ value: 500 })] });
    expect(await stored(`network = '${network}'`)).toHaveLength(MAX_VITALS_PER_NETWORK);
    // Another metric of the same version has its own share.
    await send({
      pageToken: token('s-busy-lcp', { network }),
      figures: [figure({ metric: 'LCP', value: 900 })],
    });
    expect(await stored(`network = '${network}' AND metric = 'LCP'`)).toHaveLength(1);
  });

  it('gives p75 and the sample per route and overall, for the routes asked for', async () => {
    const values = { '/': [10, 20, 30, 40, 50], '/news': [100, 200, 300, 400] };
    for (const [route, list] of Object.entries(values))
      for (const [i, value] of list.entries())
        await send({
          pageToken: token(`s-p75-${route}-${i}`, { versions: { 'mfe-content': '3.0.0' } }),
          figures: [figure({ version: '3.0.0', route, value })],
        });
    const since = new Date(Date.now() - 60_000);
    const all = await vitalsP75(app.shop.db, 'mfe-content', '3.0.0', since, 'INP');
    // percentile_cont: interpolated between the two nearest figures.
    expect(all.routes).toEqual([
      { route: '/', p75: 40, samples: 5 },
      { route: '/news', p75: 325, samples: 4 },
    ]);
    expect(all.overall).toEqual({ p75: 200, samples: 9 });
    const news = await vitalsP75(app.shop.db, 'mfe-content', '3.0.0', since, 'INP', ['/news']);
    expect(news).toEqual({
      overall: { p75: 325, samples: 4 },
      routes: [{ route: '/news', p75: 325, samples: 4 }],
    });
    const none = await vitalsP75(app.shop.db, 'mfe-content', '3.0.0', since, 'LCP');
    expect(none).toEqual({ overall: { p75: null, samples: 0 }, routes: [] });
    expect(
      (await vitalsP75(app.shop.db, 'mfe-content', '3.0.0', new Date(Date.now() + 60_000), 'INP')).overall,
    ).toEqual({ p75: null, samples: 0 });
  });

  it('prunes figures older than the rollout window and a day', async () => {
    await app.shop.db.query(
      `INSERT INTO release_vitals (session, remote, version, route, metric, value, at)
       VALUES ('s-old', 'mfe-content', '0.9.0', '/', 'LCP', 1, now() - interval '25 hours'),
              ('s-day', 'mfe-content', '0.9.0', '/', 'LCP', 1, now() - interval '23 hours')`,
    );
    expect(await pruneVitals(app.shop.db, 10)).toBeGreaterThanOrEqual(1);
    expect((await stored(`session IN ('s-old', 's-day')`)).map((row) => row.session)).toEqual(['s-day']);
  });
});
