// The release desk's deploy tokens (release managers, by their session only: a deploy token cannot make tokens).
// POST /api/releases/tokens makes one and answers its secret, once; GET lists them with their last use; POST
// /api/releases/tokens/revoke ends one at once.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  CreateDeployTokenBody,
  CreateDeployTokenResponse,
  DeployTokensResponse,
  RevokeDeployTokenBody,
  RevokeDeployTokenResponse,
} from '@metrology/shared/contracts';
import { RELEASE_NAMES } from '@metrology/shared/release';
import { HttpError } from '../../lib/errors.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { requireRole } from '../back-office/roles.js';
import {
  callerName,
  createDeployToken,
  listDeployTokens,
  revokeDeployToken,
  TOKEN_MESSAGES,
} from './deploy-tokens.js';

export async function deployTokenRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  const manager = requireRole(app, 'release-manager');
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const route = { tags: ['back office'], security: TOKEN_SECURITY };

  api.post(
    '/api/releases/tokens',
    {
      preValidation: manager,
      schema: {
        ...route,
        summary:
          'Make a deploy token for some remotes and actions (publish, rollout, approve, rollback, preview, read); its secret is in this answer only',
        body: CreateDeployTokenBody,
        response: responses(CreateDeployTokenResponse),
      },
    },
    async (request) => {
      const { name, remotes, can, expiresInDays } = request.body;
      // A token may be scoped to the shell too: it publishes and rolls back the shell like a remote.
      const unknown = remotes.find((remote) => !(RELEASE_NAMES as readonly string[]).includes(remote));
      if (unknown)
        throw new HttpError(400, `Unknown remote '${unknown}' (one of ${RELEASE_NAMES.join(', ')})`);
      const createdBy = await callerName(app, request);
      const { token, secret } = await createDeployToken(db, { name, remotes, can, expiresInDays, createdBy });
      request.log.warn({ tokenId: token.id, remotes, can, by: request.userId }, 'deploy token created');
      return {
        success: true,
        message: `Deploy token ${name} (${token.id}) made; copy its secret now: it is not shown again.`,
        token,
        secret,
      };
    },
  );

  api.get(
    '/api/releases/tokens',
    {
      preValidation: manager,
      schema: {
        ...route,
        summary:
          'Every deploy token, newest first, with its remotes, actions, expiry and last use (never its secret)',
        response: responses(DeployTokensResponse),
      },
    },
    async () => ({ success: true, tokens: await listDeployTokens(db) }),
  );

  api.post(
    '/api/releases/tokens/revoke',
    {
      preValidation: manager,
      schema: {
        ...route,
        summary: 'Revoke a deploy token: its next call is refused (401)',
        body: RevokeDeployTokenBody,
        response: responses(RevokeDeployTokenResponse),
      },
    },
    async (request) => {
      const token = await revokeDeployToken(db, request.body.id, await callerName(app, request));
      if (!token) throw new HttpError(404, TOKEN_MESSAGES.notFound);
      request.log.warn({ tokenId: token.id, by: request.userId }, 'deploy token revoked');
      return { success: true, message: `Deploy token ${token.name} (${token.id}) is revoked.`, token };
    },
  );
}
