// A release manager's preview link: a signed, expiring token for one version of one remote. The cookie it sets
// is checked on every request like the link was; a forged, expired or unknown one is ignored there.
import { ROUTES } from '@metrology/shared/release';
import { sameSitePath } from '../release-files.js';
import { clearPreviewCookie, previewCookie, previewOf } from '../render/visitor.js';
import type { FastifyInstance } from 'fastify';
import type { SiteContext } from '../site-context.js';

const NEVER_CACHE = 'no-store, max-age=0';

export async function previewRoutes(app: FastifyInstance, { site }: { site: SiteContext }) {
  app.get('/__preview', async (request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    const query = (request.query ?? {}) as { token?: unknown; to?: unknown };
    const preview = previewOf(site.signingKey, query.token);
    if (!preview || typeof query.token !== 'string') {
      reply.code(400).type('text/plain; charset=utf-8');
      return 'This preview link is not valid or has expired. Ask for a new one on the release desk or with npm run release -- preview.';
    }
    const to = sameSitePath(query.to);
    const first = ROUTES.find((route) => route.remote === preview.remote && !route.path.includes(':'));
    reply.header(
      'Set-Cookie',
      previewCookie(query.token, (preview.expiresAt - Date.now()) / 1000, site.urls.secureCookies()),
    );
    return reply.redirect(to ?? first?.path ?? '/', 303);
  });
  app.get('/__preview/exit', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    reply.header('Set-Cookie', clearPreviewCookie(site.urls.secureCookies()));
    return reply.redirect('/', 303);
  });
}
