// Deploy tokens: what a section team's CI presents instead of a release manager's session. A token names
// the remotes and the actions it may use, expires, can be revoked, and records its last use; the action log names it
// as `token:<name>#<id>`. Only the SHA-256 of the secret is stored: the secret is shown once, when it is made.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DeployAction, DeployToken } from '@metrology/shared/contracts';
import type { Queryable } from '../../db/database.js';
import { HttpError } from '../../lib/errors.js';
import { requireRole } from '../back-office/roles.js';
import { sessionUser } from '../users/auth.js';

/** Every secret starts so: a leaked one is easy to recognise (and to search for in logs or repositories). */
export const TOKEN_PREFIX = 'mdt_';

export const TOKEN_MESSAGES = {
  unknown: 'This deploy token is not known. Ask a release manager for a token.',
  revoked: 'This deploy token was revoked. Ask a release manager for a new one.',
  expired: 'This deploy token has expired. Ask a release manager for a new one.',
  noAction: (action: string) => `This deploy token may not ${action}.`,
  noApprove:
    'This deploy token may not approve a stage or take a rollout to 100 %: that needs the approve action, or a release manager.',
  noRemote: (remote: string) => `This deploy token may not act on ${remote}.`,
  notFound: 'There is no deploy token with this id.',
} as const;

/** What a call authenticated with a deploy token carries. */
export interface PresentedToken {
  id: string;
  name: string;
  remotes: string[];
  actions: DeployAction[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the call came with a deploy token (Authorization: Bearer) rather than a session. */
    deployToken?: PresentedToken;
  }
}

/**
 * SHA-256, not a slow password hash: the secret is 256 random bits, so nobody can guess it from its hash whatever
 * the hash's speed (a slow hash protects low-entropy passwords), and every call checks it.
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The secret of an Authorization: Bearer header, if the call has one. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

interface TokenRow {
  id: string;
  name: string;
  remotes: string[];
  actions: string[];
  created_by: string;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
  last_used_from: string | null;
  last_used_for: string | null;
}

const COLUMNS = `id, name, remotes, actions, created_by, created_at, expires_at, revoked_at, last_used_at,
  last_used_from, last_used_for`;

const iso = (value: Date | string) => new Date(value).toISOString();

function view(row: TokenRow): DeployToken {
  return {
    id: row.id,
    name: row.name,
    remotes: row.remotes,
    can: row.actions as DeployAction[],
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    ...(row.revoked_at ? { revokedAt: iso(row.revoked_at) } : {}),
    ...(row.last_used_at ? { lastUsedAt: iso(row.last_used_at) } : {}),
    ...(row.last_used_from ? { lastUsedFrom: row.last_used_from } : {}),
    ...(row.last_used_for ? { lastUsedFor: row.last_used_for } : {}),
  };
}

/** Who the action log names for a token. */
export const tokenActor = (token: { id: string; name: string }) => `token:${token.name}#${token.id}`;

export async function createDeployToken(
  db: Queryable,
  options: { name: string; remotes: string[]; can: DeployAction[]; expiresInDays: number; createdBy: string },
): Promise<{ token: DeployToken; secret: string }> {
  const id = randomBytes(6).toString('hex');
  const secret = `${TOKEN_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
  const created = await db.query<TokenRow>(
    `INSERT INTO deploy_tokens (id, name, secret_hash, remotes, actions, created_by, expires_at)
     VALUES ($1, $2, $3, $4::text[], $5::text[], $6, now() + make_interval(days => $7::int))
     RETURNING ${COLUMNS}`,
    [
      id,
      options.name,
      secretHash(secret),
      options.remotes,
      options.can,
      options.createdBy,
      options.expiresInDays,
    ],
  );
  const row = created.rows[0];
  if (!row) throw new Error('deploy token not stored');
  return { token: view(row), secret };
}

export async function listDeployTokens(db: Queryable): Promise<DeployToken[]> {
  const rows = await db.query<TokenRow>(`SELECT ${COLUMNS} FROM deploy_tokens ORDER BY created_at DESC, id`);
  return rows.rows.map(view);
}

/** Revokes a token (again: no change); undefined when there is none with this id. */
export async function revokeDeployToken(
  db: Queryable,
  id: string,
  by: string,
): Promise<DeployToken | undefined> {
  const rows = await db.query<TokenRow>(
    `UPDATE deploy_tokens SET revoked_at = COALESCE(revoked_at, now()), revoked_by = COALESCE(revoked_by, $2)
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, by],
  );
  return rows.rows[0] ? view(rows.rows[0]) : undefined;
}

/** The token this secret is, if it is live (401 otherwise); its use is recorded. */
export async function presentedToken(
  db: Queryable,
  secret: string,
  use: { from: string; for: string },
): Promise<PresentedToken> {
  // The lookup is by the secret's hash: an attacker who does not know a secret cannot steer that comparison.
  const found = await db.query<TokenRow & { expired: boolean }>(
    `SELECT ${COLUMNS}, expires_at <= now() AS expired FROM deploy_tokens WHERE secret_hash = $1`,
    [secretHash(secret)],
  );
  const row = found.rows[0];
  if (!row) throw new HttpError(401, TOKEN_MESSAGES.unknown);
  if (row.revoked_at) throw new HttpError(401, TOKEN_MESSAGES.revoked);
  if (row.expired) throw new HttpError(401, TOKEN_MESSAGES.expired);
  await db.query(
    `UPDATE deploy_tokens SET last_used_at = now(), last_used_from = $2, last_used_for = $3 WHERE id = $1`,
    [row.id, use.from.slice(0, 100), use.for.slice(0, 200)],
  );
  return { id: row.id, name: row.name, remotes: row.remotes, actions: row.actions as DeployAction[] };
}

/**
 * Pre-handler of a release call: a deploy token that may do this action (401 when it is not live, 403 when it may
 * not), or else a release manager's session (requireRole). The remote is checked by the handler (assertRemote),
 * once the body is read.
 */
export function releaseCaller(app: FastifyInstance, action: DeployAction) {
  const manager = requireRole(app, 'release-manager');
  return async (request: FastifyRequest): Promise<void> => {
    const secret = bearerOf(request);
    if (!secret) return manager(request);
    const remote = remoteNamed(request);
    const token = await presentedToken(app.shop.db, secret, {
      from: request.ip,
      for: remote ? `${action} ${remote}` : action,
    });
    if (!token.actions.includes(action)) {
      request.log.warn({ tokenId: token.id, action }, 'deploy token refused: action');
      throw new HttpError(403, TOKEN_MESSAGES.noAction(action));
    }
    request.deployToken = token;
    if (remote) assertRemote(request, remote);
  };
}

/** The remote a call names in its query or body, when it names one. */
function remoteNamed(request: FastifyRequest): string | undefined {
  for (const source of [request.query, request.body]) {
    if (source && typeof source === 'object' && 'remote' in source) {
      const remote = (source as { remote: unknown }).remote;
      if (typeof remote === 'string') return remote;
    }
  }
  return undefined;
}

/** 403 when the call's deploy token does not cover this remote (a manager's session covers every remote). */
export function assertRemote(request: FastifyRequest, remote: string): void {
  const token = request.deployToken;
  if (token && !token.remotes.includes(remote)) {
    request.log.warn({ tokenId: token.id, remote }, 'deploy token refused: remote');
    throw new HttpError(403, TOKEN_MESSAGES.noRemote(remote));
  }
}

/**
 * 403 unless the caller may approve: a release manager's session, or a deploy token with the approve action. Asked
 * of every step that a plan's approval gates or that makes a canary live for everyone.
 */
export function assertMayApprove(request: FastifyRequest): void {
  const token = request.deployToken;
  if (token && !token.actions.includes('approve')) {
    request.log.warn({ tokenId: token.id }, 'deploy token refused: approve');
    throw new HttpError(403, TOKEN_MESSAGES.noApprove);
  }
}

/** Whether the caller may see this remote (status and log list only the token's remotes). */
export const mayRead = (request: FastifyRequest, remote: string): boolean =>
  !request.deployToken || request.deployToken.remotes.includes(remote);

/** Who the action log names: the token, or the signed-in release manager's e-mail. */
export async function callerName(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  if (request.deployToken) return tokenActor(request.deployToken);
  const userId = sessionUser(request);
  const found = await app.shop.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  return found.rows[0]?.email || `user ${userId}`;
}
