// Types of signed-token.mjs. Keep the two in step.

/** A signed token carrying the payload and an expiry `exp` (seconds since the epoch). */
export function signToken(
  key: string,
  payload: Record<string, unknown>,
  ttlSeconds: number,
  now?: number,
): string;

/** The payload of a valid, unexpired token signed with this key, or null. */
export function verifyToken(key: string, token: unknown, now?: number): Record<string, unknown> | null;
/** base64url HMAC-SHA256 of a request body (the site's `x-release-signature` to the API). */
export function signBody(key: string, body: string | Uint8Array): string;
/** Whether signature is signBody(key, body); false when anything is missing. */
export function verifyBodySignature(
  key: string | undefined,
  body: string | Uint8Array | undefined,
  signature: unknown,
): boolean;
