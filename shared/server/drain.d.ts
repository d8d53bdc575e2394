// Types of drain.mjs (the graceful drain of the API and the site server). Keep the two in step.
import type { Server } from 'node:http';
import type { Server as NetServer } from 'node:net';

/** One more port for this HTTP server: its connections are handed to the server (a rolling deploy's handover). */
export function listenAlso(server: Server, port: number, host: string): Promise<NetServer>;

/** Whether this server is draining (SIGTERM received, drainServer started): its readiness probe answers 503. */
export function isDraining(server: Server): boolean;

/** Stop listening, serve what still arrives with Connection: close, let clients close idle connections, then finish. */
export function drainServer(
  server: Server,
  options: { graceMs: number; finishMs: number; log?: (message: string) => void; also?: NetServer[] },
): Promise<{ closedBy: 'clients' | 'server' | 'deadline' }>;

/** SHUTDOWN_GRACE_MS (3000) and SHUTDOWN_FINISH_MS (5000); throws on a value that is not a non-negative number. */
export function shutdownTimesFromEnv(env: NodeJS.ProcessEnv): { graceMs: number; finishMs: number };
