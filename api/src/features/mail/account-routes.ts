// E-mail verification and password reset (issue 28): the links the shop mails, and what using them does.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import {
  AccountMessageResponse,
  PasswordResetBody,
  PasswordResetRequestBody,
  VerifyEmailBody,
} from '@metrology/shared/contracts';
import { isValidEmail, passwordProblem } from '@metrology/shared/rules';
import type { Queryable } from '../../db/database.js';
import { HttpError, MESSAGES } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { limitPerEmail } from '../../plugins/email-limits.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { requireUser, sessionUser } from '../users/auth.js';
import { revokeUserSessions } from '../users/sessions.js';
import { consumeAccountToken, TOKEN_LIFETIME_SECONDS } from './account-tokens.js';

export const ACCOUNT_MESSAGES = {
  verified: 'Your e-mail address is verified. Thank you!',
  alreadyVerified: 'Your e-mail address is already verified.',
  verifyLinkInvalid:
    'This verification link has expired or was already used. Log in and choose "Resend verification" in the account menu for a new one.',
  verificationSent: (email: string) =>
    `We sent a new verification link to ${email}. It works once, for 48 hours.`,
  resetRequested: `If an account uses this e-mail address, we have sent it a link to choose a new password. The link works once, for ${TOKEN_LIFETIME_SECONDS['reset-password'] / 60} minutes.`,
  resetLinkInvalid:
    'This password reset link has expired or was already used. Please ask for a new one with "Forgot password?".',
  passwordReset: 'Your password has been changed and every session has been logged out. Please log in.',
  invalidEmail: 'Please enter a valid email address',
  emailRequired: 'Email is required',
} as const;

/**
 * STAFF_EMAIL (the first staff account while the shop runs): that account becomes staff once its address is
 * verified, as long as no account is staff yet. Answers whether it did.
 */
export async function grantFirstStaff(
  db: Queryable,
  staffEmail: string | undefined,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (!staffEmail) return false;
  const granted = await db.query(
    `UPDATE users SET role = 'staff'
     WHERE email = $1 AND email_verified_at IS NOT NULL AND role = 'shopper'
       AND NOT EXISTS (SELECT 1 FROM users WHERE role = 'staff')`,
    [staffEmail],
  );
  if (granted.rowCount > 0) log.info({ email: staffEmail }, 'STAFF_EMAIL verified: the first staff account');
  return granted.rowCount > 0;
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db, mail } = app.shop;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const answer = responses(AccountMessageResponse);

  api.post(
    '/api/user/verify-email',
    {
      schema: {
        tags: ['users'],
        summary: 'Use the link of the verification e-mail: the address is proved (the token works once)',
        body: VerifyEmailBody,
        response: answer,
      },
    },
    async (request) => {
      const done = await db.transaction(async (tx) => {
        const used = await consumeAccountToken(tx, request.body.token, 'verify-email');
        if (!used) return null;
        await tx.query(
          'UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1',
          [used.userId],
        );
        await grantFirstStaff(tx, app.shop.config.mail.staffEmail, request.log);
        return used;
      });
      if (!done) throw new HttpError(400, ACCOUNT_MESSAGES.verifyLinkInvalid);
      request.log.info({ userId: done.userId }, 'e-mail address verified');
      return { success: true, message: ACCOUNT_MESSAGES.verified };
    },
  );

  api.post(
    '/api/user/verify-email/resend',
    {
      preValidation: requireUser(app),
      config: { rateLimit: rateLimitFor(app, 'verificationResend') },
      schema: {
        tags: ['users'],
        security: TOKEN_SECURITY,
        summary: 'Send the verification link again (earlier links stop working)',
        response: answer,
      },
    },
    async (request) => {
      const userId = sessionUser(request);
      const found = await db.query<{ name: string; email: string; verified: boolean }>(
        'SELECT name, email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
        [userId],
      );
      const user = found.rows[0];
      if (!user) throw new HttpError(401, MESSAGES.sessionExpired);
      if (user.verified) return { success: true, message: ACCOUNT_MESSAGES.alreadyVerified };
      await limitPerEmail(app, 'verificationResend', user.email);
      await db.transaction((tx) => mail.verifyEmail(tx, { id: userId, name: user.name, email: user.email }));
      return { success: true, message: ACCOUNT_MESSAGES.verificationSent(user.email) };
    },
  );

  api.post(
    '/api/user/password-reset/request',
    {
      config: { rateLimit: rateLimitFor(app, 'passwordReset') },
      schema: {
        tags: ['users'],
        summary:
          '"Forgot password?": mails a reset link when an account has the e-mail; the same answer either way',
        body: PasswordResetRequestBody,
        response: answer,
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      if (!email) throw new HttpError(400, ACCOUNT_MESSAGES.emailRequired);
      if (!isValidEmail(email)) throw new HttpError(400, ACCOUNT_MESSAGES.invalidEmail);
      // Counted for every e-mail, known or not, so the limit says nothing about which have accounts.
      await limitPerEmail(app, 'passwordReset', email);
      await db.transaction(async (tx) => {
        const found = await tx.query<{ id: string; name: string }>(
          'SELECT id, name FROM users WHERE email = $1',
          [email],
        );
        const user = found.rows[0];
        if (user) await mail.passwordReset(tx, { id: user.id, name: user.name, email });
      });
      return { success: true, message: ACCOUNT_MESSAGES.resetRequested };
    },
  );

  api.post(
    '/api/user/password-reset',
    {
      config: { rateLimit: rateLimitFor(app, 'passwordReset') },
      schema: {
        tags: ['users'],
        summary:
          'Use the reset link: a new password (the shop rule); every session of the account ends (the token works once)',
        body: PasswordResetBody,
        response: answer,
      },
    },
    async (request) => {
      const { token, password } = request.body;
      // The rule first: a refused password leaves the link usable for a better one.
      const weak = passwordProblem(password);
      if (weak) throw new HttpError(400, weak);
      const hash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        const used = await consumeAccountToken(tx, token, 'reset-password');
        if (!used) return null;
        // The link reached the mailbox, so the address is proved too.
        await tx.query(
          `UPDATE users SET password_hash = $2, email_verified_at = COALESCE(email_verified_at, now())
           WHERE id = $1`,
          [used.userId, hash],
        );
        await revokeUserSessions(tx, used.userId);
        await grantFirstStaff(tx, app.shop.config.mail.staffEmail, request.log);
        return used;
      });
      if (!done) throw new HttpError(400, ACCOUNT_MESSAGES.resetLinkInvalid);
      request.log.info({ userId: done.userId }, 'password reset; sessions revoked');
      return { success: true, message: ACCOUNT_MESSAGES.passwordReset };
    },
  );
}
