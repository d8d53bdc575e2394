// POST /api/user/logout (revokes this session) and POST /api/user/password (new password, every session revoked).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { LogoutResponse, PasswordChangeBody, SessionResponse } from '@metrology/shared/contracts';
import { passwordProblem } from '../../lib/password-rule.js';
import { HttpError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { issueToken, requireUser, sessionUser, tokenOf, tokenSession } from './auth.js';
import { revokeSession, revokeUserSessions } from './sessions.js';

export const SESSION_MESSAGES = {
  loggedOut: 'You have been logged out',
  passwordChanged: 'Password changed. Every other session has been logged out.',
  wrongPassword: 'The current password is not correct',
  samePassword: 'The new password must differ from the current one',
} as const;

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/user/logout',
    {
      schema: {
        tags: ['users'],
        security: TOKEN_SECURITY,
        summary: 'End this session on the server (the token stops working at once)',
        response: responses(LogoutResponse),
      },
    },
    async (request) => {
      const token = tokenOf(request);
      const session = token ? tokenSession(app, token) : null;
      // Idempotent: logging out with a token already over answers the same.
      if (session) await revokeSession(db, session.sid);
      return { success: true, message: SESSION_MESSAGES.loggedOut };
    },
  );

  api.post(
    '/api/user/password',
    {
      preValidation: requireUser(app),
      config: { rateLimit: rateLimitFor(app, 'login') },
      schema: {
        tags: ['users'],
        security: TOKEN_SECURITY,
        summary: 'Change the password: every session of the user ends; answers a new token for this one',
        body: PasswordChangeBody,
        response: responses(SessionResponse),
      },
    },
    async (request) => {
      const userId = sessionUser(request);
      const { currentPassword, newPassword } = request.body;
      const found = await db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE id = $1',
        [userId],
      );
      const stored = found.rows[0]?.password_hash ?? '';
      if (!(await verifyPassword(currentPassword, stored)))
        throw new HttpError(400, SESSION_MESSAGES.wrongPassword);
      const weak = passwordProblem(newPassword);
      if (weak) throw new HttpError(400, weak);
      if (newPassword === currentPassword) throw new HttpError(400, SESSION_MESSAGES.samePassword);
      const hash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, hash]);
        await revokeUserSessions(tx, userId);
      });
      request.log.info({ userId }, 'password changed; sessions revoked');
      return {
        success: true,
        token: await issueToken(app, userId),
        message: SESSION_MESSAGES.passwordChanged,
      };
    },
  );
}
