// Secrets never reach the logs: a value under a key that names a token, a password or an authorization, a
// query-string parameter of that kind, a Bearer credential and anything shaped like a JWT are replaced wherever they
// appear in a log line (its fields, nested objects, error messages and the message itself).
export const REDACTED = '[redacted]';

/** Keys (and query parameters) whose values are secrets. */
const SECRET_NAME = /token|password|passwd|secret|authorization|cookie|signature|api[-_]?key/i;
/**
 * Keys that name a token's id, not the token: `tokenId` (a deploy token's id, which the desk lists and the action
 * log names), kept so a log line says which token acted. Only these exact spellings: `idToken`, `id_token`,
 * `tokenIdentity` and every other key with "token" in it stay redacted.
 */
const TOKEN_ID_NAME = /^(?:token|deployToken)(?:Id|_id)$/;
const isSecretName = (key: string) => SECRET_NAME.test(key) && !TOKEN_ID_NAME.test(key);

/** name=value pairs in URLs and text whose name is a secret's. */
const SECRET_PAIR =
  /((?:^|[?&;\s"'{,])[\w.-]*(?:token|password|passwd|secret|authorization|signature|api[-_]?key)[\w.-]*=)[^&\s"'#]*/gi;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;

/** Text with its secrets replaced (URLs, messages, stack traces). */
export function redactText(text: string): string {
  return text.replace(SECRET_PAIR, `$1${REDACTED}`).replace(BEARER, `$1 ${REDACTED}`).replace(JWT, REDACTED);
}

/** A copy of a log line's value with every secret replaced; errors become plain objects (pino prints those as they are). */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null || depth > 8) return value;
  if (value instanceof Error) {
    const { code, statusCode } = value as Error & { code?: unknown; statusCode?: unknown };
    return redactValue(
      { type: value.name, message: value.message, stack: value.stack, code, statusCode },
      depth + 1,
    );
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  // Buffers, dates and the like are printed by pino as they are.
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSecretName(key) && item !== undefined && item !== null ? REDACTED : redactValue(item, depth + 1),
    ]),
  );
}

/** pino options that redact every line: its fields (formatters.log) and its message (hooks.logMethod). */
export const redactingLoggerOptions = {
  formatters: {
    log: (object: Record<string, unknown>) => redactValue(object) as Record<string, unknown>,
  },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
      method.apply(
        this,
        args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
      );
    },
  },
};
