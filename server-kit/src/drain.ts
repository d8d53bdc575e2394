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
import type { Server, ServerResponse } from 'node:http';
import net from 'node:net';

/**
 * Accepts connections on one more port for this HTTP server, each handed to it as if it had accepted it: how a
 * rolling deploy gives an instance's port (the one nginx knows) to its replacement once the old one let go of it.
 */
export function listenAlso(server: Server, port: number, host: string): Promise<net.Server> {
  const extra = net.createServer((socket) => server.emit('connection', socket));
  return new Promise((resolve, reject) => {
    extra.once('error', reject);
    extra.listen(port, host, () => resolve(extra));
  });
}

/** Servers whose drain has begun: their readiness probes answer 503, so a balancer stops sending them traffic. */
const draining = new WeakSet<Server>();

/** Whether this server is draining (SIGTERM received, drainServer started): its readiness probe answers 503. */
export function isDraining(server: Server): boolean {
  return draining.has(server);
}

export interface DrainOptions {
  /** How long open connections may stay before the idle ones are closed. */
  graceMs: number;
  /** How much longer the requests in flight may take. */
  finishMs: number;
  log?: (message: string) => void;
  /** The listeners of listenAlso, closed and waited for with the server. */
  also?: net.Server[];
}

/** How the last connections ended: closed by their clients, by the server after the grace, or cut at the deadline. */
export interface DrainResult {
  closedBy: 'clients' | 'server' | 'deadline';
}

/** Stop listening, serve what still arrives with Connection: close, let clients close idle connections, then finish. */
export async function drainServer(
  server: Server,
  { graceMs, finishMs, log, also = [] }: DrainOptions,
): Promise<DrainResult> {
  draining.add(server);
  server.prependListener('request', (_request: unknown, response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  });
  // net.Server's own close: stops listening and calls back once every connection it accepted has ended.
  const allClosed = Promise.all(
    [server, ...also].map(
      (listener) =>
        new Promise((resolve) => net.Server.prototype.close.call(listener, () => resolve(undefined))),
    ),
  );
  const within = (ms: number): Promise<boolean> =>
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

/** How long a stopping server gives its clients and then its requests in flight, in ms. */
export interface ShutdownTimes {
  graceMs: number;
  finishMs: number;
}

/**
 * SHUTDOWN_GRACE_MS (3000): how long clients may keep open connections after SIGTERM (more than the cluster's
 * nginx upstream keepalive_timeout, 2 s); SHUTDOWN_FINISH_MS (5000): how much longer requests in flight may take.
 * Both within the 10 s after which a stopping server exits anyway. Throws on a value that is not a non-negative
 * number.
 */
export function shutdownTimesFromEnv(env: NodeJS.ProcessEnv): ShutdownTimes {
  const read = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0)
      throw new Error(`${name} must be a non-negative number, got "${raw}"`);
    return value;
  };
  return { graceMs: read('SHUTDOWN_GRACE_MS', 3000), finishMs: read('SHUTDOWN_FINISH_MS', 5000) };
}
