// Release diagnostics: the shell reports remotes that failed to load, each report carrying the page
// token the site signed into the page (its session and the versions it served); the site servers report the
// sessions they served per version (signed with the release signing key). Both feed the rollout controller's
// figures; release managers read the latest reports.
import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Envelope,
  LoadFailureReportBody,
  LoadFailuresQuery,
  LoadFailuresResponse,
  ServedBody,
  type LoadFailure,
} from '@metrology/shared/contracts';
import { verifyBodySignature, verifyToken } from '@metrology/server-kit/signed-token';
import { HttpError } from '../../lib/errors.js';
import { responses } from '../../lib/schemas.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { requireRole } from '../back-office/roles.js';

/**
 * Reports kept per remote version beyond the rollout window: the newest ones. Reports within the window are all
 * kept (at most one per session and kind, and only with a page token the site signed), so the controller's figures
 * are whole and no report pushes out another version's.
 */
export const MAX_REPORTS = 200;

/**
 * Reports of one version stored per network within the rollout window. The controller weighs a network as one
 * session whatever it sends, so more would only fill the table; the first ones of every network are kept.
 */
export const MAX_REPORTS_PER_NETWORK = 20;

/** The header of a site server's signed call: base64url HMAC-SHA256 of the raw JSON body (signBody). */
export const SIGNATURE_HEADER = 'x-release-signature';

export const REPORT_MESSAGES = {
  noKey: 'Load-failure reports are not accepted: this server has no RELEASE_SIGNING_KEY.',
  badToken: 'A report needs the page token the site signed into the page (pageToken); this one is not valid.',
  wrongVersion: 'The page token does not name this version of this remote; the report is refused.',
  badSignature: `The body is not signed with the release signing key (${SIGNATURE_HEADER}).`,
} as const;

/**
 * The page token's payload as the site server signs it: { session, network, versions: { [remote]: version },
 * fallbacks: { [remote]: [earlier good versions the browser may fall back to] }, vitals }.
 */
export interface PageToken {
  session: string;
  /** The network (a /24 or /64) the site served the page to. */
  network: string;
  versions: Record<string, unknown>;
  fallbacks: Record<string, unknown>;
  /** The site put this page in the speed sample (its session's share, or a canary it served). */
  vitals: boolean;
}

/** Whether the page was served this version of the remote, or may have fallen back to it. */
export function mayReport(token: PageToken, remote: string, version: string | undefined): boolean {
  if (!version) return false;
  const fallbacks = token.fallbacks[remote];
  return token.versions[remote] === version || (Array.isArray(fallbacks) && fallbacks.includes(version));
}

export function pageTokenOf(key: string, token: string): PageToken | null {
  const payload = verifyToken(key, token);
  if (!payload || typeof payload.session !== 'string' || !payload.session) return null;
  const versions = payload.versions;
  if (!versions || typeof versions !== 'object' || Array.isArray(versions)) return null;
  const fallbacks = payload.fallbacks;
  const network =
    typeof payload.network === 'string' && payload.network ? payload.network.slice(0, 64) : 'unknown';
  return {
    session: payload.session,
    network,
    versions: versions as Record<string, unknown>,
    fallbacks:
      fallbacks && typeof fallbacks === 'object' && !Array.isArray(fallbacks)
        ? (fallbacks as Record<string, unknown>)
        : {},
    vitals: payload.vitals === true,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as received, for routes that check a signature over them. */
    rawBody?: Buffer;
    /** A load-failure report this request made was stored (the metric counts only those). */
    loadFailureStored?: boolean;
  }
}

/** Keeps the body's bytes (at most the body limit) before Fastify parses them. */
async function keepRawBody(request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  request.rawBody = Buffer.concat(chunks);
  return Readable.from([request.rawBody]);
}

export async function releaseRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.shop;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/releases/load-failures',
    {
      config: { rateLimit: rateLimitFor(app, 'loadFailures') },
      schema: {
        tags: ['releases'],
        summary:
          'Report a remote that failed to load (sent by the shell with the page token the site signed into the page)',
        body: LoadFailureReportBody,
        response: responses(Envelope),
      },
    },
    async (request) => {
      const r = request.body;
      const key = config.releases.signingKey;
      if (!key) throw new HttpError(503, REPORT_MESSAGES.noKey);
      const token = pageTokenOf(key, r.pageToken);
      if (!token) throw new HttpError(403, REPORT_MESSAGES.badToken);
      if (!mayReport(token, r.remote, r.version)) throw new HttpError(403, REPORT_MESSAGES.wrongVersion);
      const windowMinutes = Math.ceil(config.releases.windowMinutes);
      const stored = await db.transaction(async (tx) => {
        // A network's share of this version's reports in the window is bounded: a flood from a few addresses
        // never grows the table past it, and never pushes out anyone else's report.
        const inserted = await tx.query(
          `INSERT INTO load_failures (session, remote, version, kind, message, url, fallback_version, network)
           SELECT $1, $2, $3, $4, $5, $6, $7, $8
           WHERE (SELECT count(*) FROM load_failures WHERE remote = $2 AND version = $3 AND network = $8
                    AND at >= now() - make_interval(mins => $9::int)) < ${MAX_REPORTS_PER_NETWORK}
           ON CONFLICT (session, remote, version, kind) WHERE session <> '' DO NOTHING`,
          [
            token.session,
            r.remote,
            r.version,
            r.kind,
            r.message,
            r.url ?? '',
            r.fallbackVersion ?? '',
            token.network,
            windowMinutes,
          ],
        );
        // Old reports of this version beyond its newest MAX_REPORTS go, once they are out of the rollout window.
        await tx.query(
          `DELETE FROM load_failures WHERE remote = $1 AND version = $2
             AND at < now() - make_interval(mins => $3::int)
             AND id NOT IN (SELECT id FROM load_failures WHERE remote = $1 AND version = $2 ORDER BY id DESC LIMIT ${MAX_REPORTS})`,
          [r.remote, r.version, windowMinutes],
        );
        return inserted.rowCount > 0;
      });
      request.loadFailureStored = stored;
      if (stored)
        request.log.warn(
          { remote: r.remote, version: r.version, kind: r.kind },
          'remote load failure reported',
        );
      return { success: true, message: stored ? 'Report received' : 'Already reported' };
    },
  );

  api.post(
    '/api/releases/served',
    {
      preParsing: keepRawBody,
      schema: {
        tags: ['releases'],
        summary: `The sessions a site server served per remote version (internal; signed in ${SIGNATURE_HEADER})`,
        body: ServedBody,
        response: responses(Envelope),
      },
    },
    async (request) => {
      if (
        !verifyBodySignature(config.releases.signingKey, request.rawBody, request.headers[SIGNATURE_HEADER])
      )
        throw new HttpError(403, REPORT_MESSAGES.badSignature);
      const { sessions } = request.body;
      if (sessions.length > 0) {
        // One statement for the batch; a session seen again keeps its first visit and network, and a run of the
        // version's code and a render failure stick.
        await db.query(
          `INSERT INTO release_sessions AS s (remote, version, session, network, ran, render_failed, failed_at)
           SELECT remote, version, session, network, ran, failed, CASE WHEN failed THEN now() END
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::boolean[])
             AS t(remote, version, session, network, ran, failed)
           ON CONFLICT (remote, version, session) DO UPDATE SET
             last_seen = now(),
             ran = s.ran OR EXCLUDED.ran,
             render_failed = s.render_failed OR EXCLUDED.render_failed,
             failed_at = CASE WHEN EXCLUDED.render_failed THEN now() ELSE s.failed_at END`,
          [
            sessions.map((s) => s.remote),
            sessions.map((s) => s.version),
            sessions.map((s) => s.session),
            sessions.map((s) => s.network || 'unknown'),
            sessions.map((s) => s.ran === true),
            sessions.map((s) => s.renderFailed),
          ],
        );
      }
      return { success: true, message: `${sessions.length} session(s) recorded` };
    },
  );

  api.get(
    '/api/releases/load-failures',
    {
      // Release managers only (the release desk); anyone may report, nobody else may read.
      preValidation: requireRole(app, 'release-manager'),
      schema: {
        tags: ['releases'],
        summary: `The latest load-failure reports, newest first (at most ${MAX_REPORTS} are returned)`,
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
      return {
        success: true,
        reports: rows.rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })),
      };
    },
  );
}
