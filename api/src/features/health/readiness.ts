// GET /api/health/live (the process answers) and /api/health/ready (it can serve: a real query, a writable data
// folder with free space). Ready answers 503 with the reason when it cannot.
import { randomBytes } from 'node:crypto';
import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isDraining } from '@metrology/server-kit/drain';

/** Below this much free space in DATA_DIR the API is not ready (orders, resumes and the database need room). */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

export interface Readiness {
  ready: boolean;
  checks: { database: string; dataDir: string };
  reason?: string;
}

async function checkDatabase(app: FastifyInstance): Promise<string | null> {
  try {
    await app.shop.db.query('SELECT count(*)::int AS count FROM schema_migrations');
    return null;
  } catch (error) {
    return `the database does not answer (${error instanceof Error ? error.message : String(error)})`;
  }
}

async function checkDataDir(dir: string | undefined, minFree: number): Promise<string | null> {
  if (!dir) return null;
  try {
    await mkdir(dir, { recursive: true });
    const probe = path.join(dir, `.ready-${randomBytes(4).toString('hex')}`);
    await writeFile(probe, 'ok');
    await rm(probe, { force: true });
  } catch (error) {
    return `the data folder ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
  try {
    const stats = await statfs(dir);
    const free = Number(stats.bavail) * Number(stats.bsize);
    if (free < minFree)
      return `the data folder ${dir} has ${Math.floor(free / 1024 / 1024)} MB free (needs ${Math.floor(minFree / 1024 / 1024)} MB)`;
  } catch {
    // statfs unsupported: writability was checked above
  }
  return null;
}

export async function readiness(app: FastifyInstance, minFree = MIN_FREE_BYTES): Promise<Readiness> {
  const [database, dataDir] = await Promise.all([
    checkDatabase(app),
    checkDataDir(app.shop.config.dataDir, minFree),
  ]);
  // A draining API (SIGTERM) is not ready: the balancer stops sending it traffic while it finishes.
  const drain = isDraining(app.server) ? 'the API is shutting down (draining its connections)' : null;
  const reasons = [database, dataDir, drain].filter((r): r is string => r !== null);
  return {
    ready: reasons.length === 0,
    checks: { database: database ?? 'ok', dataDir: dataDir ?? 'ok' },
    ...(reasons.length ? { reason: reasons.join('; ') } : {}),
  };
}

export async function probeRoutes(
  app: FastifyInstance,
  options: { minFreeBytes?: number } = {},
): Promise<void> {
  app.get(
    '/api/health/live',
    { schema: { tags: ['health'], summary: 'The process answers' } },
    async (_r, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true, status: 'live', uptime: Math.round(process.uptime()) };
    },
  );
  app.get(
    '/api/health/ready',
    {
      schema: { tags: ['health'], summary: 'Ready: a real query and a writable data folder with free space' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await readiness(app, options.minFreeBytes);
      if (!result.ready) {
        reply.code(503);
        return {
          success: false,
          status: 'not ready',
          message: `Not ready: ${result.reason}`,
          checks: result.checks,
        };
      }
      return { success: true, status: 'ready', checks: result.checks };
    },
  );
}
