// Ids the shop's browser calls carry, so one call can be followed from the browser through the site's logs to the
// API's (the API logs a well-formed incoming X-Request-Id on its line for that request and echoes it back).

/** 16 random bytes as 32 hex digits; crypto.getRandomValues works on plain http too, where randomUUID does not. */
function randomHex(): string {
  const bytes = new Uint8Array(16);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') {
    crypto.getRandomValues(bytes);
  } else {
    // No Web Crypto (very old runtimes): an id only needs to be unlikely to repeat, it guards nothing.
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  }
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A fresh X-Request-Id for one browser call: "web-" and 32 hex digits (the API accepts [A-Za-z0-9._:-]{1,128}). */
export function newRequestId(): string {
  return `web-${randomHex()}`;
}

/**
 * Whether a browser call carries an X-Request-Id. The header makes a cross-origin request "non-simple": the browser
 * first sends a CORS preflight (cached per URL). A call that is preflighted anyway (it carries the session token,
 * or is not a GET), one to the page's own origin (the cluster, behind nginx) and any call outside a browser carry
 * one; an anonymous GET to an API on another origin (product lists and pages, search: the hot path) does not, so
 * it stays one round trip. The API gives such a call an id of its own and returns it in X-Request-Id.
 */
export function sendsRequestId(arg: string | { url: string; method?: string }, withToken: boolean): boolean {
  const url = typeof arg === 'string' ? arg : arg.url;
  const method = (typeof arg === 'string' ? 'GET' : (arg.method ?? 'GET')).toUpperCase();
  if (withToken || (method !== 'GET' && method !== 'HEAD')) return true;
  if (typeof location === 'undefined' || !location.href) return true;
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return true;
  }
}

/**
 * A fresh Idempotency-Key for one attempt at a non-repeatable call (order placement): "key-" and 32 hex digits
 * (the API accepts 8 to 128 of [A-Za-z0-9._:-]).
 */
export function newIdempotencyKey(): string {
  return `key-${randomHex()}`;
}

/** Whether a request's headers carry an Idempotency-Key (such a write may be sent again safely). */
export function hasIdempotencyKey(
  headers: Headers | string[][] | Record<string, string | undefined> | undefined,
): boolean {
  if (!headers) return false;
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.has('idempotency-key');
  const names = Array.isArray(headers) ? headers.map(([name]) => name) : Object.keys(headers);
  return names.some((name) => name?.toLowerCase() === 'idempotency-key');
}
