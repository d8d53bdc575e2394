// POST /api/user/register and /api/user/login (SPEC section 7): { success, token, message }.
import { Type, type Static } from '@sinclair/typebox';
import { Answer, Text } from './common.js';

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
