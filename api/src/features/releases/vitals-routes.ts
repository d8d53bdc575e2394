// POST /api/releases/vitals: the speed figures a sampled page measured (LCP, INP, CLS, TTFB per route and remote
// version), with the page token the site signed into it. The shell sends them as a beacon (text/plain, so no
// preflight); this scope reads such a body as JSON.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Envelope, VITAL_LIMITS, VitalsBody } from '@metrology/shared/contracts';
import { HttpError } from '../../lib/errors.js';
import { responses } from '../../lib/schemas.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { REPORT_MESSAGES, mayReport, pageTokenOf } from './release-routes.js';
import { storeFigure } from './vitals.js';

export const VITALS_MESSAGES = {
  notSampled: 'This page is not in the speed sample (its page token does not ask for speed figures).',
  wrongVersion: 'The page token does not name this version of this remote; the figures are refused.',
  outOfRange: (metric: string, value: number, limit: number) =>
    `${metric} must be from 0 to ${limit}${metric === 'CLS' ? '' : ' ms'}; got ${value}.`,
} as const;

export async function vitalsRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.shop;
  // A beacon's string body is text/plain: parsed as JSON here (this plugin's scope only), then validated as any body.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/releases/vitals',
    {
      config: { rateLimit: rateLimitFor(app, 'vitals') },
      schema: {
        tags: ['releases'],
        summary:
          'Speed figures of a sampled page (sent by the shell as a beacon with the page token the site signed)',
        body: VitalsBody,
        response: responses(Envelope),
      },
    },
    async (request) => {
      const { pageToken, figures } = request.body;
      for (const figure of figures) {
        const limit = VITAL_LIMITS[figure.metric];
        if (!(figure.value >= 0 && figure.value <= limit))
          throw new HttpError(400, VITALS_MESSAGES.outOfRange(figure.metric, figure.value, limit));
      }
      const key = config.releases.signingKey;
      if (!key) throw new HttpError(503, REPORT_MESSAGES.noKey);
      const token = pageTokenOf(key, pageToken);
      if (!token) throw new HttpError(403, REPORT_MESSAGES.badToken);
      if (!token.vitals) throw new HttpError(403, VITALS_MESSAGES.notSampled);
      if (figures.some((figure) => !mayReport(token, figure.remote, figure.version)))
        throw new HttpError(403, VITALS_MESSAGES.wrongVersion);
      const windowMinutes = config.releases.windowMinutes;
      const stored = await db.transaction(async (tx) => {
        let count = 0;
        for (const figure of figures)
          if (
            await storeFigure(
              tx,
              { ...figure, session: token.session, network: token.network },
              windowMinutes,
            )
          )
            count += 1;
        return count;
      });
      return { success: true, message: `${stored} of ${figures.length} figure(s) stored` };
    },
  );
}
