// POST /api/user/register and /api/user/login (SPEC section 7): { success, token, message }.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Credentials, Registration, SessionResponse } from '@metrology/shared/contracts';
import { normaliseEmail } from '@metrology/shared/rules';
import { passwordProblem } from '../../lib/password-rule.js';
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
  passwordBeforeProof:
    'This e-mail address was confirmed after its password was chosen, so that password no longer logs in: someone else may have registered the address. Please choose a new password with "Forgot password?".',
} as const;

const tokenResponse = responses(SessionResponse);

/** The one bare address the body names (stored and mailed as such), or a 400 with the form's message. */
export function emailOf(raw: string): string {
  if (!raw.trim()) throw new HttpError(400, USER_MESSAGES.emailRequired);
  const email = normaliseEmail(raw);
  if (!email) throw new HttpError(400, USER_MESSAGES.invalidEmail);
  return email;
}

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
      const { password } = request.body;
      if (!name) throw new HttpError(400, USER_MESSAGES.nameRequired);
      const email = emailOf(request.body.email);
      if (!password) throw new HttpError(400, USER_MESSAGES.passwordRequired);
      const weak = passwordProblem(password);
      if (weak) throw new HttpError(400, weak);
      await limitPerEmail(app, 'register', email);
      const id = newId();
      const passwordHash = await hashPassword(password);
      // The account and its verification link are stored together, or neither.
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
      const email = emailOf(request.body.email);
      if (!request.body.password) throw new HttpError(400, USER_MESSAGES.passwordRequired);
      const attempt = await startLoginAttempt(app, reply, email, request.ip);
      const found = await db.query<{ id: string; password_hash: string; before_proof: boolean }>(
        `SELECT id, password_hash, COALESCE(password_set_at < email_verified_at, false) AS before_proof
         FROM users WHERE email = $1`,
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
      // Only someone who knows the password learns this: the owner proved the address after it was chosen.
      if (user.before_proof) throw new HttpError(403, USER_MESSAGES.passwordBeforeProof);
      return { success: true, token: await issueToken(app, user.id), message: USER_MESSAGES.loggedIn };
    },
  );

  await app.register(sessionRoutes);
}
