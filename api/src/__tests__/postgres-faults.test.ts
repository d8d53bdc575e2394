// Database faults on a real PostgreSQL server (a throwaway cluster this test starts): lost connections, a server
// that goes away and comes back, statement timeouts, and two APIs starting at once on an empty database.
import type { FastifyInstance } from 'fastify';
import { DatabaseUnavailableError } from '../db/database.js';
import { body, get, post, register, startApp } from './helpers/test-app.js';
import {
  POSTGRES_MISSING,
  postgresBinDir,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from './helpers/throwaway-postgres.js';

const bin = postgresBinDir();
if (!bin) console.warn(POSTGRES_MISSING);
const describeWithPostgres = bin ? describe : describe.skip;

jest.setTimeout(120_000);

describeWithPostgres('on a throwaway PostgreSQL cluster', () => {
  let cluster: ThrowawayPostgres;
  const poolErrors: string[] = [];
  beforeAll(async () => {
    cluster = await startThrowawayPostgres(bin as string);
  });
  afterAll(async () => {
    await cluster?.destroy();
  });

  it('two APIs started at once on an empty database both become ready (migrations and seeding under a lock)', async () => {
    const url = await cluster.createDatabase('twostarts');
    const [first, second] = await Promise.all([
      startApp({ databaseUrl: url }),
      startApp({ databaseUrl: url }),
    ]);
    try {
      for (const app of [first, second]) {
        const ready = await get(app, '/api/health/ready');
        expect(ready.statusCode).toBe(200);
      }
      const counts = await first.shop.db.query<{ n: number }>('SELECT count(*)::int AS n FROM testimonials');
      const again = await second.shop.db.query<{ n: number }>('SELECT count(*)::int AS n FROM testimonials');
      expect(counts.rows[0]?.n).toBeGreaterThan(0);
      expect(again.rows[0]?.n).toBe(counts.rows[0]?.n);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  describe('one API', () => {
    let app: FastifyInstance;
    const database = 'faults';
    beforeAll(async () => {
      const url = await cluster.createDatabase(database);
      app = await startApp({ databaseUrl: url, faults: { statementTimeoutMs: 1000 } });
    });
    afterAll(() => app?.close());

    it('a connection terminated mid-request: the process lives on and the next request succeeds', async () => {
      const errors = jest.spyOn(console, 'error').mockImplementation((line: unknown) => {
        poolErrors.push(String(line));
      });
      try {
        const { token } = await register(app);
        // A request whose query is running when its connection is killed (a read: retried once on a new one).
        const inFlight = app.shop.db.query('SELECT pg_sleep(0.5), 1 AS one');
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(await cluster.terminateConnections(database)).toBeGreaterThan(0);
        await expect(inFlight).resolves.toMatchObject({ rows: [{ one: 1 }] });
        // Idle pooled connections were killed too; nothing crashed and the next calls work.
        await cluster.terminateConnections(database);
        const list = await get(app, '/api/product/list?limit=3');
        expect(list.statusCode).toBe(200);
        expect(body<{ products: unknown[] }>(list).products).toHaveLength(3);
        const cart = await post(app, '/api/cart/get', {}, token);
        expect(cart.statusCode).toBe(200);
      } finally {
        errors.mockRestore();
      }
    });

    it('a transaction whose connection dies leaves nothing behind and fails as unavailable', async () => {
      const marker = `gone-${Date.now()}`;
      const attempt = app.shop.db.transaction(async (tx) => {
        await tx.query(
          "INSERT INTO testimonials (id, name, position, content, stars) VALUES ($1, 'x', 'y', 'z', 5)",
          [marker],
        );
        await cluster.terminateConnections(database);
        await tx.query('SELECT 1');
      });
      await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
      const left = await app.shop.db.query('SELECT 1 FROM testimonials WHERE id = $1', [marker]);
      expect(left.rows).toHaveLength(0);
    });

    it('a server that goes away gets 503 with a clear message and no crash; when it is back, requests succeed', async () => {
      const { token } = await register(app);
      const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        await cluster.stop('fast');
        const down = await post(
          app,
          '/api/cart/add',
          { itemId: '0123456789abcdef01234567', quantity: 1 },
          token,
        );
        expect(down.statusCode).toBe(503);
        expect(body(down).message).toBe(
          'The shop cannot reach its database right now, and nothing was saved. Please try again in a moment.',
        );
        const ready = await get(app, '/api/health/ready');
        expect(ready.statusCode).toBe(503);
        expect(body(ready).message).toMatch(/^Not ready: the database does not answer/);
        await cluster.start();
        const back = await get(app, '/api/product/list?limit=2');
        expect(back.statusCode).toBe(200);
        expect((await get(app, '/api/health/ready')).statusCode).toBe(200);
      } finally {
        errors.mockRestore();
      }
    });

    it('a statement past STATEMENT_TIMEOUT_MS is cancelled', async () => {
      await expect(app.shop.db.query('SELECT pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });
      expect((await app.shop.db.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
    });
  });
});
