// The `token` header (SPEC section 6): required on some calls, optional on others.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, MESSAGES } from '../../lib/errors.js';
import { signToken, verifyToken } from '../../lib/jwt.js';

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.trim() ? value.trim() : undefined;
}

async function userFromToken(app: FastifyInstance, token: string): Promise<string | null> {
  const claims = verifyToken(token, app.shop.config.jwtSecret);
  if (!claims) return null;
  // A token of a user that no longer exists is as good as expired.
  const found = await app.shop.db.query('SELECT 1 FROM users WHERE id = $1', [claims.sub]);
  return found.rows.length > 0 ? claims.sub : null;
}

export function issueToken(app: FastifyInstance, userId: string): string {
  return signToken(userId, app.shop.config.jwtSecret, app.shop.config.tokenTtlSeconds);
}

/** Pre-handler: 401 without a valid token. */
export function requireUser(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = tokenOf(request);
    if (!token) throw new HttpError(401, MESSAGES.loginRequired);
    const userId = await userFromToken(app, token);
    if (!userId) throw new HttpError(401, MESSAGES.sessionExpired);
    request.userId = userId;
  };
}

/** Pre-handler: the user when a valid token is present, anonymous otherwise (never refuses). */
export function optionalUser(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = tokenOf(request);
    request.userId = token ? await userFromToken(app, token) : null;
  };
}
