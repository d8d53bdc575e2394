// Release diagnostics: the shell reports remotes that failed to load; release managers read the latest reports.
import type { FastifyInstance } from 'fastify';
import { queryInteger, responses, text } from '../../lib/schemas.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { requireRole } from '../back-office/roles.js';

/** Only the newest reports are kept. */
export const MAX_REPORTS = 200;

interface ReportBody {
  remote: string;
  version?: string;
  kind: string;
  message: string;
  url?: string;
  fallbackVersion?: string;
}

const reportProperties = {
  remote: text(100, 1),
  version: text(50),
  kind: text(50, 1),
  message: text(2000, 1),
  url: text(2000),
  fallbackVersion: text(50),
} as const;

export async function releaseRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;

  app.post<{ Body: ReportBody }>(
    '/api/releases/load-failures',
    {
      config: { rateLimit: rateLimitFor(app, 'loadFailures') },
      schema: {
        tags: ['releases'],
        summary: 'Report a remote that failed to load (sent by the shell)',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['remote', 'kind', 'message'],
          properties: reportProperties,
        },
        response: responses({ type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' } } }),
      },
    },
    async (request) => {
      const r = request.body;
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO load_failures (remote, version, kind, message, url, fallback_version) VALUES ($1, $2, $3, $4, $5, $6)`,
          [r.remote, r.version ?? '', r.kind, r.message, r.url ?? '', r.fallbackVersion ?? ''],
        );
        await tx.query(
          `DELETE FROM load_failures WHERE id NOT IN (SELECT id FROM load_failures ORDER BY id DESC LIMIT ${MAX_REPORTS})`,
        );
      });
      request.log.warn({ remote: r.remote, version: r.version, kind: r.kind }, 'remote load failure reported');
      return { success: true, message: 'Report received' };
    },
  );

  app.get<{ Querystring: { limit?: string } }>(
    '/api/releases/load-failures',
    {
      // Release managers only (the release desk); anyone may report, nobody else may read.
      preValidation: requireRole(app, 'release-manager'),
      schema: {
        tags: ['releases'],
        summary: `The latest load-failure reports, newest first (at most ${MAX_REPORTS} are kept)`,
        querystring: { type: 'object', properties: { limit: queryInteger(3) } },
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            reports: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  ...Object.fromEntries(Object.keys(reportProperties).map((k) => [k, { type: 'string' }])),
                  at: { type: 'string', format: 'date-time' },
                },
              },
            },
          },
        }),
      },
    },
    async (request) => {
      const limit = Math.min(MAX_REPORTS, Math.max(1, Number(request.query.limit ?? 50)));
      const rows = await db.query<{ at: Date | string } & Record<string, string>>(
        `SELECT remote, version, kind, message, url, fallback_version AS "fallbackVersion", at
         FROM load_failures ORDER BY id DESC LIMIT $1`,
        [limit],
      );
      return { success: true, reports: rows.rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })) };
    },
  );
}
