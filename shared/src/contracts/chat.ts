// POST /api/user/chat (SPEC section 7): { message } -> { success, data: the reply text }.
import { Type, type Static } from '@sinclair/typebox';
import { Answer, Text } from './common.js';

export const ChatBody = Type.Object({ message: Text(1000) }, { additionalProperties: false });
export type ChatBody = Static<typeof ChatBody>;

/** data: the reply text (links and e-mail addresses inside). */
export const ChatResponse = Answer({ data: Type.String() });
export type ChatResponse = Static<typeof ChatResponse>;
