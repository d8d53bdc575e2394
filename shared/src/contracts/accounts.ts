// E-mail verification, password reset and the back office's mail page (the local catcher's messages).
import { Type, type Static } from '@sinclair/typebox';
import { Answer, Envelope, Text } from './common.js';

/** POST /api/user/verify-email: the token of the link in the verification message. */
export const VerifyEmailBody = Type.Object({ token: Text(200, 1) }, { additionalProperties: false });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

/** POST /api/user/password-reset/request: the same answer whether an account has the e-mail or not. */
export const PasswordResetRequestBody = Type.Object({ email: Text(254) }, { additionalProperties: false });
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>;

/** POST /api/user/password-reset: the link's token and the new password (the shop's password rule). */
export const PasswordResetBody = Type.Object(
  { token: Text(200, 1), password: Text(200) },
  { additionalProperties: false },
);
export type PasswordResetBody = Static<typeof PasswordResetBody>;

/** What verify, resend, reset request and reset answer: { success, message }. */
export const AccountMessageResponse = Envelope;
export type AccountMessageResponse = Static<typeof AccountMessageResponse>;

/** One message the local mail catcher received (npm start without SMTP_URL). */
export const CaughtMail = Type.Object({
  id: Type.String(),
  /** When it arrived (ISO 8601). */
  at: Type.String(),
  from: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
});
export type CaughtMail = Static<typeof CaughtMail>;

/**
 * The outbox's state: waiting (including retries), sent, given up after the last attempt, and held back by the
 * per-address caps (never sent).
 */
export const OutboxCounts = Type.Object({
  waiting: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  suppressed: Type.Integer(),
});
export type OutboxCounts = Static<typeof OutboxCounts>;

/** GET /api/staff/mail (staff): the caught messages, newest first, and the outbox's counts. */
export const CaughtMailResponse = Answer({
  /** False when this API sends to a real SMTP server (SMTP_URL) and there is no local catcher to read. */
  catching: Type.Boolean(),
  messages: Type.Array(CaughtMail),
  outbox: OutboxCounts,
});
export type CaughtMailResponse = Static<typeof CaughtMailResponse>;
