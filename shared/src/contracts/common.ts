// Schema pieces every contract uses. These are plain JSON Schema objects (TypeBox builds them), so Fastify
// validates with them as they are, and Static<typeof X> gives the TypeScript type of the same definition.
import { Kind, Type, TypeRegistry, type Static, type TSchema } from '@sinclair/typebox';

/**
 * The one rule of every text a request carries: no NUL and no unpaired surrogate (neither can be stored, and
 * neither is text a person typed). A JSON Schema pattern, matched with the u flag, where [\uD800-\uDFFF] matches
 * only a surrogate that is not half of a pair.
 */
export const TEXT_PATTERN = '^[^\\u0000\\uD800-\\uDFFF]*$';

const TEXT_RULE = new RegExp(TEXT_PATTERN, 'u');

/** Whether a string keeps the text rule (for text that arrives outside a schema, e.g. multipart fields). */
export const isCleanText = (value: string): boolean => TEXT_RULE.test(value);

/** Text of at most maxLength characters (minLength 1 reads "is required" in the API's messages), without NUL. */
export const Text = (maxLength: number, minLength = 0) =>
  Type.String({ minLength, maxLength, pattern: TEXT_PATTERN });

/** A whole number in a query string (query values arrive as text: no type coercion anywhere). */
export const QueryInteger = (digits = 6) => Type.String({ pattern: `^[0-9]{1,${digits}}$` });

/**
 * The kind of a StringEnum schema, with its check: TypeBox's Value.Check knows a kind only by its registered check
 * (the release CLI checks the API's answers with it); Fastify validates the plain JSON Schema and never looks.
 */
const STRING_ENUM = 'StringEnum';
TypeRegistry.Set<{ enum: readonly string[] }>(
  STRING_ENUM,
  (schema, value) => typeof value === 'string' && schema.enum.includes(value),
);

/** One of a few strings: a JSON Schema enum (its refusal names the allowed values), typed as their union. */
export const StringEnum = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ [Kind]: STRING_ENUM, type: 'string', enum: [...values] });

/** An object of any keys whose values all have one schema ({ "id": 3, ... }). */
export const Dictionary = <T extends TSchema>(value: T) =>
  Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: value });

/** Every answer: success and, often, a message. */
export const Envelope = Type.Object({ success: Type.Boolean(), message: Type.Optional(Type.String()) });

/** Every refusal (4xx, 5xx): { success: false, message }, and per-field errors where a form has them. */
export const Failure = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  errors: Type.Optional(Dictionary(Type.String())),
});

/** An answer: the envelope and the call's own fields. */
export const Answer = <T extends Record<string, TSchema>>(fields: T) =>
  Type.Object({ success: Type.Boolean(), message: Type.Optional(Type.String()), ...fields });

/** Bodies the client sends empty ({}), optionally with the userId SPEC's client adds (ignored). */
export const EmptyBody = Type.Object({ userId: Type.Optional(Text(2000)) }, { additionalProperties: false });

export type Envelope = Static<typeof Envelope>;
export type Failure = Static<typeof Failure>;
