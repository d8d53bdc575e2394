// Types of drain.mjs (the graceful drain of the API and the site server). Keep the two in step.
import type { Server } from 'node:http';

/** Stop listening, serve what still arrives with Connection: close, let clients close idle connections, then finish. */
export function drainServer(
  server: Server,
  options: { graceMs: number; finishMs: number; log?: (message: string) => void },
): Promise<{ closedBy: 'clients' | 'server' | 'deadline' }>;

/** SHUTDOWN_GRACE_MS (3000) and SHUTDOWN_FINISH_MS (5000); throws on a value that is not a non-negative number. */
export function shutdownTimesFromEnv(env: NodeJS.ProcessEnv): { graceMs: number; finishMs: number };
