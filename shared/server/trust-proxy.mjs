// @ts-check
// The one trust-proxy setting of both servers, the API (api/src/config.ts) and the site server (tools): TRUST_PROXY
// names the balancer(s) whose X-Forwarded-* headers are believed: `true` (any peer), `false`, or addresses / CIDRs /
// `loopback` separated by commas. TRUSTED_PROXY is its deprecated older name, read only when TRUST_PROXY is unset.
// Unset: X-Forwarded-* headers are ignored (the socket's peer is the client). Plain JavaScript (types in
// trust-proxy.d.ts) so the tools' scripts import it with no build step, as they do the release model.

/**
 * @param {string} raw
 * @returns {boolean | string[]}
 */
export function parseTrustProxy(raw) {
  const value = raw.trim();
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {boolean | string[] | undefined}
 */
export function trustProxyFromEnv(env = process.env) {
  const raw = env.TRUST_PROXY ?? env.TRUSTED_PROXY;
  return raw ? parseTrustProxy(raw) : undefined;
}
