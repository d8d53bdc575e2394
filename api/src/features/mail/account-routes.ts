// E-mail verification and password reset: the links the shop mails, and what using them does.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import {
  AccountMessageResponse,
  PasswordResetBody,
  PasswordResetRequestBody,
  VerifyEmailBody,
} from '@metrology/shared/contracts';
import { normaliseEmail } from '@metrology/shared/rules';
import { passwordProblem } from '../../lib/password-rule.js';
import type { Queryable } from '../../db/database.js';
import { HttpError, MESSAGES } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { limitPerEmail } from '../../plugins/email-limits.js';
import { rateLimitFor } from '../../plugins/rate-limits.js';
import { requireUser, sessionUser } from '../users/auth.js';
import { revokeUserSessions } from '../users/sessions.js';
import { emailOf } from '../users/user-routes.js';
import { consumeAccountToken, TOKEN_LIFETIME_SECONDS } from './account-tokens.js';

export const ACCOUNT_MESSAGES = {
  verified:
    'Your e-mail address is verified. Thank you! To keep the account yours, choose a new password with "Forgot password?" before you log in again: the password chosen at sign-up no longer logs in, and every session has been logged out.',
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
 * verified and its password was chosen after that (through a reset link), as long as no account is staff yet:
 * a password from before the proof may be whoever registered the address first. Answers whether it did.
 */
export async function grantFirstStaff(
  db: Queryable,
  staffEmail: string | undefined,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (!staffEmail) return false;
  const granted = await db.query(
    `UPDATE users SET role = 'staff'
     WHERE email = $1 AND email_verified_at IS NOT NULL AND password_set_at >= email_verified_at
       AND role = 'shopper' AND NOT EXISTS (SELECT 1 FROM users WHERE role = 'staff')`,
    [staffEmail],
  );
  if (granted.rowCount > 0) {
    log.info({ email: staffEmail }, 'STAFF_EMAIL verified: the first staff account');
    return true;
  }
  const waiting = await db.query<{ verified: boolean }>(
    `SELECT email_verified_at IS NOT NULL AS verified FROM users
     WHERE email = $1 AND role = 'shopper' AND NOT EXISTS (SELECT 1 FROM users WHERE role = 'staff')`,
    [staffEmail],
  );
  const account = waiting.rows[0];
  if (account?.verified)
    log.warn(
      { email: staffEmail },
      'STAFF_EMAIL is not made staff yet: its password was chosen before its address was proved (it may be ' +
        'whoever registered the address). Its owner chooses a new password with "Forgot password?"; then it becomes staff.',
    );
  else if (account) log.info({ email: staffEmail }, 'STAFF_EMAIL waits for its address to be verified');
  return false;
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db, mail, passwordResets } = app.shop;
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
        const proved = await tx.query(
          'UPDATE users SET email_verified_at = now() WHERE id = $1 AND email_verified_at IS NULL',
          [used.userId],
        );
        // Whoever registered the address may not own it: the sessions made before the owner proved it end, and
        // (login, user-admin) the password chosen then no longer logs in.
        const ended = proved.rowCount > 0 ? await revokeUserSessions(tx, used.userId) : 0;
        await grantFirstStaff(tx, app.shop.config.mail.staffEmail, request.log);
        return { ...used, ended };
      });
      if (!done) throw new HttpError(400, ACCOUNT_MESSAGES.verifyLinkInvalid);
      request.log.info({ userId: done.userId, sessionsEnded: done.ended }, 'e-mail address verified');
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
      // An address stored before the bare-address rule is never mailed.
      if (normaliseEmail(user.email) !== user.email) throw new HttpError(400, ACCOUNT_MESSAGES.invalidEmail);
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
      const email = emailOf(request.body.email);
      // Counted for every e-mail, known or not, so the limit says nothing about which have accounts.
      await limitPerEmail(app, 'passwordReset', email);
      // The same work for every e-mail (one row); the lookup and the message come after the answer, so its
      // time says nothing about which e-mails have accounts.
      await passwordResets.record(email);
      passwordResets.kick();
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
          `UPDATE users SET password_hash = $2, password_set_at = clock_timestamp(),
             email_verified_at = COALESCE(email_verified_at, now())
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
