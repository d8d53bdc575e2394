// POST /api/user/register and /api/user/login (SPEC section 7): { success, token, message }.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Credentials, Registration, SessionResponse } from '@metrology/shared/contracts';
import { isValidEmail, passwordProblem } from '@metrology/shared/rules';
import { HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/password.js';
import { responses } from '../../lib/schemas.js';
import { limitPerEmail } from '../../plugins/email-limits.js';
import { startLoginAttempt } from '../../plugins/login-limits.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { issueToken } from './auth.js';
import { sessionRoutes } from './session-routes.js';

export const USER_MESSAGES = {
  registered: 'Account created successfully!',
  loggedIn: 'Welcome back!',
  duplicate: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  invalidEmail: 'Please enter a valid email address',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
} as const;

const tokenResponse = responses(SessionResponse);

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/user/register',
    {
      config: { rateLimit: rateLimitFor(app, 'register') },
      schema: {
        tags: ['users'],
        summary: 'Create an account; answers with a session token',
        body: Registration,
        response: tokenResponse,
      },
    },
    async (request) => {
      const name = request.body.name.trim();
      const email = normaliseEmail(request.body.email);
      const { password } = request.body;
      if (!name) throw new HttpError(400, USER_MESSAGES.nameRequired);
      if (!email) throw new HttpError(400, USER_MESSAGES.emailRequired);
      if (!isValidEmail(email)) throw new HttpError(400, USER_MESSAGES.invalidEmail);
      if (!password) throw new HttpError(400, USER_MESSAGES.passwordRequired);
      const weak = passwordProblem(password);
      if (weak) throw new HttpError(400, weak);
      await limitPerEmail(app, 'register', email);
      const id = newId();
      const passwordHash = await hashPassword(password);
      // The account and its verification link (issue 28) are stored together, or neither.
      const inserted = await db.transaction(async (tx) => {
        const added = await tx.query(
          `INSERT INTO users (id, name, email, password_hash) VALUES ($1, $2, $3, $4)
           ON CONFLICT (email) DO NOTHING`,
          [id, name, email, passwordHash],
        );
        if (added.rowCount > 0) await app.shop.mail.verifyEmail(tx, { id, name, email });
        return added;
      });
      if (inserted.rowCount === 0) throw new HttpError(409, USER_MESSAGES.duplicate);
      request.log.info({ userId: id }, 'user registered');
      return { success: true, token: await issueToken(app, id), message: USER_MESSAGES.registered };
    },
  );

  api.post(
    '/api/user/login',
    {
      // Only failed logins count toward its limits (plugins/login-limits.ts), so no per-request limit here.
      schema: {
        tags: ['users'],
        summary: 'Log in; answers with a session token',
        body: Credentials,
        response: tokenResponse,
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      if (!email) throw new HttpError(400, USER_MESSAGES.emailRequired);
      if (!request.body.password) throw new HttpError(400, USER_MESSAGES.passwordRequired);
      const attempt = await startLoginAttempt(app, reply, email, request.ip);
      const found = await db.query<{ id: string; password_hash: string }>(
        'SELECT id, password_hash FROM users WHERE email = $1',
        [email],
      );
      const user = found.rows[0];
      // The same work and the same answer whether the e-mail or the password was wrong.
      const ok = await verifyPassword(request.body.password, user?.password_hash ?? (await decoyHash()));
      if (!user || !ok) {
        await attempt.failed();
        throw new HttpError(401, USER_MESSAGES.invalidCredentials);
      }
      await attempt.succeeded();
      return { success: true, token: await issueToken(app, user.id), message: USER_MESSAGES.loggedIn };
    },
  );

  await app.register(sessionRoutes);
}
