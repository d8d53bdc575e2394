// @ts-check
// Graceful drain of an HTTP server behind a balancer (the API and the site server on SIGTERM), so that stopping
// one instance loses no request a client sees:
//  1. stop listening: a new connection is refused before any byte of a request is sent, so nginx tries another
//     instance, whatever the method;
//  2. every request still arriving on an open keep-alive connection is served, with `Connection: close`, so the
//     balancer does not put that connection back in its pool;
//  3. idle keep-alive connections are left for the client to close (nginx's upstream keepalive_timeout is shorter
//     than the grace): closing one ourselves could cross a request the balancer is sending on it at that moment,
//     which it may not retry (a POST); only after the grace are the remaining idle ones closed;
//  4. the requests in flight finish; then the caller closes the app (database pool) and exits.
// http.Server.close() would close the idle connections at once (Node 19+), which is the race of step 3.
import net from 'node:net';

/**
 * Accepts connections on one more port for this HTTP server, each handed to it as if it had accepted it: how a
 * rolling deploy gives an instance's port (the one nginx knows) to its replacement once the old one let go of it.
 * @param {import('node:http').Server} server @param {number} port @param {string} host
 * @returns {Promise<net.Server>}
 */
export function listenAlso(server, port, host) {
  const extra = net.createServer((socket) => server.emit('connection', socket));
  return new Promise((resolve, reject) => {
    extra.once('error', reject);
    extra.listen(port, host, () => resolve(extra));
  });
}

/** Servers whose drain has begun: their readiness probes answer 503, so a balancer stops sending them traffic. */
const draining = new WeakSet();

/**
 * Whether this server is draining (SIGTERM received, drainServer started).
 * @param {import('node:http').Server} server
 */
export function isDraining(server) {
  return draining.has(server);
}

/**
 * @param {import('node:http').Server} server
 * @param {{ graceMs: number; finishMs: number; log?: (message: string) => void; also?: net.Server[] }} options
 *   graceMs: how long open connections may stay before the idle ones are closed; finishMs: how much longer
 *   requests in flight may take; also: the listeners of listenAlso, closed and waited for with the server
 * @returns {Promise<{ closedBy: 'clients' | 'server' | 'deadline' }>} how the last connections ended
 */
export async function drainServer(server, { graceMs, finishMs, log, also = [] }) {
  draining.add(server);
  server.prependListener(
    'request',
    (/** @type {unknown} */ _request, /** @type {import('node:http').ServerResponse} */ response) => {
      if (!response.headersSent) response.setHeader('Connection', 'close');
    },
  );
  // net.Server's own close: stops listening and calls back once every connection it accepted has ended.
  const allClosed = Promise.all(
    [server, ...also].map(
      (listener) =>
        new Promise((resolve) => net.Server.prototype.close.call(listener, () => resolve(undefined))),
    ),
  );
  const within = (/** @type {number} */ ms) =>
    Promise.race([
      allClosed.then(() => true),
      new Promise((resolve) => setTimeout(resolve, ms).unref()).then(() => false),
    ]);
  if (await within(graceMs)) return { closedBy: 'clients' };
  log?.('drain: closing idle connections; waiting for the requests in flight');
  server.closeIdleConnections();
  if (await within(finishMs)) return { closedBy: 'server' };
  return { closedBy: 'deadline' };
}

/**
 * SHUTDOWN_GRACE_MS (3000): how long clients may keep open connections after SIGTERM (more than the cluster's
 * nginx upstream keepalive_timeout, 2 s); SHUTDOWN_FINISH_MS (5000): how much longer requests in flight may take.
 * Both within the 10 s after which a stopping server exits anyway.
 * @param {NodeJS.ProcessEnv} env
 */
export function shutdownTimesFromEnv(env) {
  const read = (/** @type {string} */ name, /** @type {number} */ fallback) => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0)
      throw new Error(`${name} must be a non-negative number, got "${raw}"`);
    return value;
  };
  return { graceMs: read('SHUTDOWN_GRACE_MS', 3000), finishMs: read('SHUTDOWN_FINISH_MS', 5000) };
}
