// Release diagnostics: the shell reports remotes that failed to load; release managers read the latest reports.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  Envelope,
  LoadFailureReportBody,
  LoadFailuresQuery,
  LoadFailuresResponse,
  type LoadFailure,
} from '@metrology/shared/contracts';
import { responses } from '../../lib/schemas.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { requireRole } from '../back-office/roles.js';

/** Only the newest reports are kept. */
export const MAX_REPORTS = 200;

export async function releaseRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/releases/load-failures',
    {
      config: { rateLimit: rateLimitFor(app, 'loadFailures') },
      schema: {
        tags: ['releases'],
        summary: 'Report a remote that failed to load (sent by the shell)',
        body: LoadFailureReportBody,
        response: responses(Envelope),
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

  api.get(
    '/api/releases/load-failures',
    {
      // Release managers only (the release desk); anyone may report, nobody else may read.
      preValidation: requireRole(app, 'release-manager'),
      schema: {
        tags: ['releases'],
        summary: `The latest load-failure reports, newest first (at most ${MAX_REPORTS} are kept)`,
        querystring: LoadFailuresQuery,
        response: responses(LoadFailuresResponse),
      },
    },
    async (request) => {
      const limit = Math.min(MAX_REPORTS, Math.max(1, Number(request.query.limit ?? 50)));
      const rows = await db.query<Omit<LoadFailure, 'at'> & { at: Date | string }>(
        `SELECT remote, version, kind, message, url, fallback_version AS "fallbackVersion", at
         FROM load_failures ORDER BY id DESC LIMIT $1`,
        [limit],
      );
      return { success: true, reports: rows.rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })) };
    },
  );
}
