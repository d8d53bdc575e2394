// The `token` header (SPEC section 6): required on some calls, optional on others.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, MESSAGES } from '../../lib/errors.js';
import { signToken, verifyToken } from '../../lib/jwt.js';
import { createSession, liveSessionUser } from './sessions.js';

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.trim() ? value.trim() : undefined;
}

function lifetimes(app: FastifyInstance) {
  const { sessionIdleSeconds, sessionAbsoluteSeconds } = app.shop.config;
  return { idleSeconds: sessionIdleSeconds, absoluteSeconds: sessionAbsoluteSeconds };
}

/** The signed token's session id and user, without asking the database (logout uses it). */
export function tokenSession(app: FastifyInstance, token: string): { sid: string; sub: string } | null {
  const claims = verifyToken(token, app.shop.config.jwtSecret);
  return claims?.sid ? { sid: claims.sid, sub: claims.sub } : null;
}

async function userFromToken(app: FastifyInstance, token: string): Promise<string | null> {
  const claims = tokenSession(app, token);
  // A token that names no session, or a revoked, idle or expired one (or one of a deleted user), is over.
  if (!claims) return null;
  return liveSessionUser(app.shop.db, claims.sid, claims.sub, lifetimes(app));
}

/** Starts a server-side session and answers its signed token. */
export async function issueToken(app: FastifyInstance, userId: string): Promise<string> {
  const sid = await createSession(app.shop.db, userId, lifetimes(app));
  const ttl = Math.min(app.shop.config.tokenTtlSeconds, app.shop.config.sessionAbsoluteSeconds);
  return signToken(userId, app.shop.config.jwtSecret, ttl, Date.now(), sid);
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

/**
 * The signed-in user of a call guarded by requireUser (its pre-handler set request.userId). Typed as a string
 * by this check, not by a cast: a route that forgot the guard answers 401 instead of running without a user.
 */
export function sessionUser(request: FastifyRequest): string {
  if (!request.userId) throw new HttpError(401, MESSAGES.loginRequired);
  return request.userId;
}

/** Pre-handler: the user when a valid token is present, anonymous otherwise (never refuses). */
export function optionalUser(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = tokenOf(request);
    request.userId = token ? await userFromToken(app, token) : null;
  };
}
