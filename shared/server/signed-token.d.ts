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
