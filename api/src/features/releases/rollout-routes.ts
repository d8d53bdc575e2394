// The release desk's rollout actions and preview links (release managers): the same registry operations as
// `npm run release -- rollout | complete | abort | preview`, each written to the action log with the manager's
// e-mail. Refusals of the registry (no rollout running, version not published...) are 409 with its message.
import { isRemoteName } from '@metrology/shared/release';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PREVIEW_SECONDS,
  PreviewBody,
  PreviewResponse,
  RolloutActionBody,
  RolloutPercentBody,
  RolloutResponse,
  StartRolloutBody,
} from '@metrology/shared/contracts';
import { HttpError } from '../../lib/errors.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import type { RegistryModule } from '../back-office/registry-bridge.js';
import { assertMayApprove, assertRemote, callerName, releaseCaller } from './deploy-tokens.js';
import { deskRemote } from './desk-view.js';
import { registryAccess } from './registry-access.js';

/** Runs a registry operation; its refusals (a ReleaseError: not published, no rollout running...) are 409s. */
async function refusalsAsConflict<T>(registry: RegistryModule, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof registry.ReleaseError) throw new HttpError(409, error.message);
    throw error;
  }
}

export async function rolloutRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.shop;
  // A release manager, or a deploy token that may roll out (start, percent, abort) this remote; approving a gated
  // stage and every step to 100 % also need the approve action (assertMayApprove).
  const manager = releaseCaller(app, 'rollout');
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const access = registryAccess(app);

  /** Runs a registry operation for the signed-in manager; answers the message and the remote's desk row. */
  const act = async (
    remote: string,
    request: FastifyRequest,
    operation: (
      registry: RegistryModule,
      target: Awaited<ReturnType<typeof access.where>> & { remote: string; by: string },
    ) => Promise<string>,
  ) => {
    const registry = await access.module();
    if (!isRemoteName(remote))
      throw new HttpError(400, `Unknown remote '${remote}' (one of ${registry.REMOTE_NAMES.join(', ')})`);
    assertRemote(request, remote);
    const target = { ...(await access.where()), remote, by: await callerName(app, request) };
    const message = await refusalsAsConflict(registry, () => operation(registry, target));
    // Who acted: the manager's user id, or a deploy token's id (never its secret).
    request.log.info({ remote, by: request.userId, tokenId: request.deployToken?.id }, `release: ${message}`);
    const entry = (await access.read()).remotes[remote];
    return { success: true, message, remote: await deskRemote(db, remote, entry, config.releases) };
  };

  const route = {
    preValidation: manager,
    tags: ['back office'],
    security: TOKEN_SECURITY,
  } as const;

  api.post(
    '/api/releases/rollout',
    {
      preValidation: route.preValidation,
      schema: {
        tags: [...route.tags],
        security: route.security,
        summary:
          'Start a staged rollout of a published version that is not live: a fixed percent, or a plan ("10:10,50:10,approve,100")',
        body: StartRolloutBody,
        response: responses(RolloutResponse),
      },
    },
    async (request) => {
      const { remote, version, percent, plan, why } = request.body;
      if ((percent === undefined) === (plan === undefined))
        throw new HttpError(
          400,
          'Give either "percent" (1-100) or "plan" (like "10:10,50:10,approve,100"), not both',
        );
      return act(remote, request, async (registry, target) => {
        const stages = plan === undefined ? undefined : registry.parseRolloutPlan(plan);
        // Without the approve action a plan must stop for approval before it reaches everyone.
        if (percent === 100 || stages?.some((stage) => stage.percent === 100 && !stage.approval))
          assertMayApprove(request);
        const started = await registry.startRollout({
          ...target,
          version,
          ...(stages ? { plan: stages } : { percent }),
          why: why ?? '',
        });
        return `Rolling out ${remote} ${version} to ${started.percent} % of visitors; the others keep ${started.current}.`;
      });
    },
  );

  api.post(
    '/api/releases/rollout/percent',
    {
      preValidation: route.preValidation,
      schema: {
        tags: [...route.tags],
        security: route.security,
        summary: "Set the running rollout's share (raise or lower it; a plan it followed is dropped)",
        body: RolloutPercentBody,
        response: responses(RolloutResponse),
      },
    },
    async (request) => {
      const { remote, percent, why } = request.body;
      if (percent === 100) assertMayApprove(request);
      return act(remote, request, async (registry, target) => {
        const result = await registry.setRolloutPercent({ ...target, percent, why: why ?? '' });
        return `${remote} ${result.version} goes to ${result.percent} % of visitors now (was ${result.from} %)${result.droppedPlan ? '; its plan is dropped' : ''}.`;
      });
    },
  );

  const simple = (
    path: string,
    summary: string,
    run: (
      registry: RegistryModule,
      target: Parameters<Parameters<typeof act>[2]>[1],
      why: string,
    ) => Promise<string>,
    { approves = false }: { approves?: boolean } = {},
  ) =>
    api.post(
      path,
      {
        preValidation: route.preValidation,
        schema: {
          tags: [...route.tags],
          security: route.security,
          summary,
          body: RolloutActionBody,
          response: responses(RolloutResponse),
        },
      },
      async (request) => {
        if (approves) assertMayApprove(request);
        return act(request.body.remote, request, (registry, target) =>
          run(registry, target, request.body.why ?? ''),
        );
      },
    );

  simple(
    '/api/releases/rollout/approve',
    "Start the plan's stage that waits for approval",
    async (registry, target, why) => {
      const result = await registry.approveRolloutStage({ ...target, why });
      return `${target.remote} ${result.version}: stage ${result.stage + 1} approved; ${result.percent} % of visitors get it now.`;
    },
    { approves: true },
  );
  simple(
    '/api/releases/rollout/complete',
    "Make the rollout's version live for everyone",
    async (registry, target, why) => {
      const result = await registry.completeRollout({ ...target, why });
      return `${target.remote} ${result.to} is live for everyone now (was ${result.from}).`;
    },
    { approves: true },
  );
  simple(
    '/api/releases/rollout/abort',
    'Stop the rollout (a rollback of the canary): everyone gets the live version, the canary is marked rolled back',
    async (registry, target, why) => {
      const result = await registry.abortRollout({ ...target, why });
      return `Aborted the rollout of ${target.remote} ${result.version}: everyone gets ${result.current} again.`;
    },
  );

  api.post(
    '/api/releases/preview',
    {
      preValidation: releaseCaller(app, 'preview'),
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary:
          'A link (relative to the site) that shows a published version that is not live in the browser that opens it, for an hour or ttlSeconds',
        body: PreviewBody,
        response: responses(PreviewResponse),
      },
    },
    async (request) => {
      const { remote, version, ttlSeconds = PREVIEW_SECONDS.default } = request.body;
      const key = config.releases.signingKey;
      if (!key)
        throw new HttpError(
          503,
          'Previews need RELEASE_SIGNING_KEY, the key the site server checks them with.',
        );
      const registry = await access.module();
      if (!isRemoteName(remote))
        throw new HttpError(400, `Unknown remote '${remote}' (one of ${registry.REMOTE_NAMES.join(', ')})`);
      assertRemote(request, remote);
      const target = { ...(await access.where()), remote, by: await callerName(app, request) };
      const { token, expiresAt } = await refusalsAsConflict(registry, () =>
        registry.grantPreview({ ...target, version, key, ttlSeconds }),
      );
      // The link itself is a credential and stays out of the log.
      request.log.info(
        { remote, version, by: request.userId, tokenId: request.deployToken?.id },
        `release: preview link for ${remote} ${version} until ${expiresAt}`,
      );
      return {
        success: true,
        message: `Preview of ${remote} ${version} until ${expiresAt}.`,
        url: `/__preview?token=${encodeURIComponent(token)}`,
        expiresAt,
      };
    },
  );
}
