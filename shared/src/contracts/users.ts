// POST /api/user/register, /login, /logout and /password (SPEC section 7): { success, token, message }.
import { Type, type Static } from '@sinclair/typebox';
import { Answer, Envelope, Text } from './common.js';

export const Credentials = Type.Object(
  { email: Text(254), password: Text(200) },
  { additionalProperties: false },
);
export type Credentials = Static<typeof Credentials>;

export const Registration = Type.Object(
  { name: Text(100), email: Text(254), password: Text(200) },
  { additionalProperties: false },
);
export type Registration = Static<typeof Registration>;

/** What login and register answer (SPEC section 3: success, token, message). */
export const SessionResponse = Answer({ token: Type.String() });
export type SessionResponse = Static<typeof SessionResponse>;

/** POST /api/user/logout: always { success: true, message } (idempotent). */
export const LogoutResponse = Envelope;
export type LogoutResponse = Static<typeof LogoutResponse>;

/** POST /api/user/password: answers a SessionResponse with a new token for this session. */
export const PasswordChangeBody = Type.Object(
  { currentPassword: Text(200), newPassword: Text(200) },
  { additionalProperties: false },
);
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;
