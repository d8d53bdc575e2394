import type { FastifyInstance } from 'fastify';
import { body, get as getAs, post, register, startApp } from '../../../__tests__/helpers/test-app.js';

let app: FastifyInstance;
let managerToken = '';
/** Reading the reports is for release managers (the release desk). */
const get = (server: FastifyInstance, url: string) => getAs(server, url, managerToken);
beforeAll(async () => {
  app = await startApp();
  const manager = await register(app, 'Release Manager');
  managerToken = manager.token;
  await app.shop.db.query(`UPDATE users SET role = 'release-manager' WHERE email = $1`, [manager.email]);
});
afterAll(() => app.close());

const REPORT = {
  remote: 'mfe-catalog',
  version: '1.4.0',
  kind: 'load-error',
  message: 'Failed to fetch remoteEntry.js (503)',
  url: 'http://localhost:8080/remotes/mfe-catalog/1.4.0/remoteEntry.js',
  fallbackVersion: '1.3.2',
};

type Reports = { reports: (typeof REPORT & { at: string })[] };

describe('release load-failure reports', () => {
  it('stores a report and lists it newest first with its time', async () => {
    const res = await post(app, '/api/releases/load-failures', REPORT);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, message: 'Report received' });
    await post(app, '/api/releases/load-failures', { remote: 'mfe-content', kind: 'render-error', message: 'boom' });
    const { reports } = body<Reports>(await get(app, '/api/releases/load-failures'));
    expect(reports[0]).toMatchObject({ remote: 'mfe-content', version: '', url: '', fallbackVersion: '' });
    expect(reports[1]).toMatchObject(REPORT);
    expect(Date.parse(reports[1]!.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps only the newest 200 and honours limit', async () => {
    for (let i = 0; i < 205; i += 1) {
      await post(app, '/api/releases/load-failures', { ...REPORT, message: `failure ${i}` });
    }
    const all = body<Reports>(await get(app, '/api/releases/load-failures?limit=200')).reports;
    expect(all).toHaveLength(200);
    expect(all[0]?.message).toBe('failure 204');
    expect(body<Reports>(await get(app, '/api/releases/load-failures')).reports).toHaveLength(50);
    expect(body<Reports>(await get(app, '/api/releases/load-failures?limit=3')).reports).toHaveLength(3);
  });

  it('only release managers read the reports', async () => {
    expect((await getAs(app, '/api/releases/load-failures')).statusCode).toBe(401);
    const shopper = await register(app, 'Shopper');
    expect((await getAs(app, '/api/releases/load-failures', shopper.token)).statusCode).toBe(403);
  });

  it('bounds sizes and refuses unknown fields', async () => {
    const long = await post(app, '/api/releases/load-failures', { ...REPORT, message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(body(long).message).toBe('"message" must be at most 2000 characters');
    expect((await post(app, '/api/releases/load-failures', { remote: 'x', kind: 'y' })).statusCode).toBe(400);
    expect((await post(app, '/api/releases/load-failures', { ...REPORT, stack: 'x' })).statusCode).toBe(400);
  });
});
