// The graceful drain of the API and the site server (src/drain.ts): after SIGTERM nothing new connects,
// what still arrives on an open connection is served and told to close, requests in flight finish.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainServer, listenAlso, shutdownTimesFromEnv } from '../drain.js';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function request(agent: http.Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
  });
}

/** A server whose /slow answers only when the test says so. */
async function start() {
  let release: () => void = () => undefined;
  let arrived: () => void = () => undefined;
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((req, res) => {
    if (req.url === '/slow') {
      arrived();
      void released.then(() => res.end('slow done'));
    } else res.end('ok');
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, release: () => release(), slowArrived };
}

describe('drainServer', () => {
  it('refuses new connections, serves what arrives on an open one with Connection: close, finishes in flight', async () => {
    const { server, port, release, slowArrived } = await start();
    const kept = new http.Agent({ keepAlive: true, maxSockets: 2 });
    // Two open keep-alive connections: one will carry a request in flight, the other a request after the drain starts.
    const [first, second] = await Promise.all([request(kept, port, '/a'), request(kept, port, '/b')]);
    expect([first.connection, second.connection]).toEqual(['keep-alive', 'keep-alive']);
    const slow = request(kept, port, '/slow');
    await slowArrived;

    const drained = drainServer(server, { graceMs: 60_000, finishMs: 60_000 });
    const fresh = new http.Agent({ keepAlive: false });
    await expect(request(fresh, port, '/new')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // The idle keep-alive connection was not closed under the client: a request on it is served.
    expect(await request(kept, port, '/after')).toEqual({ status: 200, connection: 'close', body: 'ok' });
    release();
    expect(await slow).toEqual({ status: 200, connection: 'keep-alive', body: 'slow done' });
    // The client closes its idle connection (as nginx does after its keepalive_timeout): the drain is over.
    kept.destroy();
    await expect(drained).resolves.toEqual({ closedBy: 'clients' });
  });

  it('closes the idle connections a client keeps past the grace', async () => {
    const { server, port } = await start();
    const kept = new http.Agent({ keepAlive: true });
    expect((await request(kept, port, '/a')).connection).toBe('keep-alive');
    await expect(drainServer(server, { graceMs: 50, finishMs: 60_000 })).resolves.toEqual({
      closedBy: 'server',
    });
    kept.destroy();
  });
});

describe('listenAlso (a rolling deploy hands a port over)', () => {
  it('serves the connections of the other port, and the drain closes and waits for them too', async () => {
    const { server, port, release, slowArrived } = await start();
    const other = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const free = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    const extra = await listenAlso(server, other, '127.0.0.1');
    const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await request(kept, other, '/handed')).toEqual({
      status: 200,
      connection: 'keep-alive',
      body: 'ok',
    });
    const slow = request(kept, other, '/slow');
    await slowArrived;
    let drainedYet = false;
    const drained = drainServer(server, { graceMs: 60_000, finishMs: 60_000, also: [extra] }).then((how) => {
      drainedYet = true;
      return how;
    });
    await expect(request(new http.Agent(), other, '/new')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(port).not.toBe(other);
    expect(drainedYet).toBe(false);
    release();
    expect((await slow).body).toBe('slow done');
    kept.destroy();
    await expect(drained).resolves.toEqual({ closedBy: 'clients' });
  });
});

describe('shutdownTimesFromEnv', () => {
  it('reads SHUTDOWN_GRACE_MS and SHUTDOWN_FINISH_MS, 3 s and 5 s by default', () => {
    expect(shutdownTimesFromEnv({})).toEqual({ graceMs: 3000, finishMs: 5000 });
    expect(shutdownTimesFromEnv({ SHUTDOWN_GRACE_MS: '100', SHUTDOWN_FINISH_MS: '0' })).toEqual({
      graceMs: 100,
      finishMs: 0,
    });
    expect(() => shutdownTimesFromEnv({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });
});
