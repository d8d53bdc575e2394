// The release desk (release managers): each remote's live version, history and running rollout (with the canary's
// figures), roll back or re-promote a published version with the CLI's own code, and the action log (the
// registry's: the CLI's, the desk's and the rollout controller's rows). It reads and moves the pointer the site
// servers read: PostgreSQL's release_registry table when the API runs on DATABASE_URL (as `npm run release` and
// every site instance do then), RELEASES_DIR/registry.json otherwise. The rollout actions: releases/rollout-routes.ts.
import { isReleaseName } from '@metrology/shared/release';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  ReleaseActionsQuery,
  ReleaseActionsResponse,
  ReleaseDeskResponse,
  ReleaseTrendsQuery,
  ReleaseTrendsResponse,
  RollbackBody,
  RollbackResponse,
} from '@metrology/shared/contracts';
import { HttpError } from '../../lib/errors.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { deskRemote, toAction } from '../releases/desk-view.js';
import { assertRemote, callerName, mayRead, releaseCaller } from '../releases/deploy-tokens.js';
import { registryAccess } from '../releases/registry-access.js';
import { releaseTrend } from '../releases/trends.js';

export { DESK_MESSAGES } from '../releases/registry-access.js';

export async function releaseDeskRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.shop;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const access = registryAccess(app);

  api.get(
    '/api/releases/desk',
    {
      // A release manager, or a deploy token that may read (it sees its own remotes only).
      preValidation: releaseCaller(app, 'read'),
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary:
          "Every remote's live version, history (oldest first) and running rollout with the canary's figures, the recent actions, and the automatic rollback's thresholds",
        response: responses(ReleaseDeskResponse),
      },
    },
    async (request) => {
      const registry = await access.module();
      const read = await access.read();
      const actions = (await registry.readReleaseActions({ ...(await access.where()), limit: 50 })).filter(
        (action) => mayRead(request, action.remote),
      );
      const { windowMinutes, minFailures, failureRate } = config.releases;
      return {
        success: true,
        remotes: await Promise.all(
          registry.REMOTE_NAMES.filter((remote) => mayRead(request, remote)).map((remote) =>
            deskRemote(db, remote, read.remotes[remote], config.releases),
          ),
        ),
        ...(read.shell && mayRead(request, 'shell')
          ? { shell: await deskRemote(db, 'shell', read.shell, config.releases) }
          : {}),
        actions: actions.map(toAction),
        policy: { windowMinutes, minFailures, failureRate },
      };
    },
  );

  api.get(
    '/api/releases/actions',
    {
      preValidation: releaseCaller(app, 'read'),
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary:
          'The action log, newest first: who published, previewed, rolled out, completed, aborted or rolled back what, when and why (automatic actions with their figures)',
        querystring: ReleaseActionsQuery,
        response: responses(ReleaseActionsResponse),
      },
    },
    async (request) => {
      const limit = Math.min(500, Math.max(1, Number(request.query.limit ?? 50)));
      const registry = await access.module();
      // A deploy token sees its own remotes' rows: read the most the log answers, then keep those.
      const actions = await registry.readReleaseActions({
        ...(await access.where()),
        limit: request.deployToken ? 500 : limit,
      });
      return {
        success: true,
        actions: actions
          .filter((action) => mayRead(request, action.remote))
          .slice(0, limit)
          .map(toAction),
      };
    },
  );

  api.get(
    '/api/releases/trends',
    {
      preValidation: releaseCaller(app, 'read'),
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary:
          "Each version's sessions, failure rate and real visitors' INP and LCP p75 in time buckets, over a running rollout (from a window before it began) or the last day, with the release actions on the same axis: the desk's charts",
        querystring: ReleaseTrendsQuery,
        response: responses(ReleaseTrendsResponse),
      },
    },
    async (request) => {
      const { remote, range } = request.query;
      const registry = await access.module();
      if (remote !== undefined && !isReleaseName(remote)) {
        throw new HttpError(400, `Unknown remote '${remote}' (one of ${registry.RELEASE_NAMES.join(', ')})`);
      }
      if (remote !== undefined) assertRemote(request, remote);
      const read = await access.read();
      const actions = await registry.readReleaseActions({ ...(await access.where()), limit: 500 });
      const names = (remote ? [remote] : [...registry.RELEASE_NAMES]).filter((name) =>
        mayRead(request, name),
      );
      const trends = await Promise.all(
        names.map((name) => {
          const entry = name === 'shell' ? (read.shell ?? undefined) : read.remotes[name];
          return releaseTrend(db, name, entry, actions, {
            range: range ?? (entry?.rollout ? 'rollout' : 'day'),
            windowMinutes: config.releases.windowMinutes,
          });
        }),
      );
      return { success: true, trends };
    },
  );

  api.post(
    '/api/releases/rollback',
    {
      preValidation: releaseCaller(app, 'rollback'),
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary:
          'Make a published version live: without "to" the previous good one (a rollback), or the named one (roll back or re-promote). The same operation as `npm run release -- rollback`.',
        body: RollbackBody,
        response: responses(RollbackResponse),
      },
    },
    async (request) => {
      const { remote, to, why } = request.body;
      const registry = await access.module();
      // The shell's pointer rolls back like a remote's (npm run release -- rollback shell --to URL).
      if (!isReleaseName(remote)) {
        throw new HttpError(400, `Unknown remote '${remote}' (one of ${registry.RELEASE_NAMES.join(', ')})`);
      }
      assertRemote(request, remote);
      const where = await access.where();
      const by = await callerName(app, request);
      let result: Awaited<ReturnType<typeof registry.rollbackRelease>>;
      try {
        result = await registry.rollbackRelease({
          ...where,
          remote,
          by,
          why: why ?? '',
          ...(to ? { to } : {}),
        });
      } catch (error) {
        if (error instanceof registry.ReleaseError) throw new HttpError(409, error.message);
        throw error;
      }
      // A deploy token's id, not its secret: who acted, when no manager's session did.
      request.log.warn(
        { remote, from: result.from, to: result.to, by: request.userId, tokenId: request.deployToken?.id },
        `release ${result.action}`,
      );
      return {
        success: true,
        message: result.changed
          ? `${remote} ${result.to} is live now (was ${result.from}).`
          : `${remote} ${result.to} is already live; nothing changed.`,
        // As the action log has it (the registry wrote the row under its lock).
        action: toAction({
          at: new Date().toISOString(),
          actor: by,
          action: result.action,
          remote,
          version: result.to,
          from: result.from,
          to: result.to,
          changed: result.changed,
          why: why ?? '',
          automatic: false,
        }),
      };
    },
  );
}
