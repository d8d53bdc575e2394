// The one trust-proxy setting of both servers, the API (api/src/config.ts) and the site server (site/): TRUST_PROXY
// names the balancer(s) whose X-Forwarded-* headers are believed: `true` (any peer), `false`, or addresses / CIDRs /
// `loopback` separated by commas. TRUSTED_PROXY is its deprecated older name, read only when TRUST_PROXY is unset.
// Unset: X-Forwarded-* headers are ignored (the socket's peer is the client).
import net from 'node:net';

/** What TRUST_PROXY says: trust any peer (true), none (false), or these addresses / CIDRs / named ranges. */
export type TrustProxy = boolean | string[];

/** TRUST_PROXY's value: true / false, or addresses / CIDRs / 'loopback' separated by commas. */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim();
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** TRUST_PROXY, else the deprecated TRUSTED_PROXY; undefined when neither is set (nothing is trusted). */
export function trustProxyFromEnv(env: NodeJS.ProcessEnv = process.env): TrustProxy | undefined {
  const raw = env.TRUST_PROXY ?? env.TRUSTED_PROXY;
  return raw ? parseTrustProxy(raw) : undefined;
}

/** proxy-addr's names for address ranges, as TRUST_PROXY may use them. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether a client address is inside: loopback, or one of the TRUST_PROXY addresses / CIDRs (the balancers'
 * network; `loopback`, `linklocal`, `uniquelocal` too). What answers internal-only endpoints (/metrics) goes by it;
 * `true` (trust any peer) adds nothing. `ip` is the client's address as the server resolved it (after the trusted
 * proxies).
 */
export function isInternalAddress(ip: string, trustProxy: TrustProxy | undefined): boolean {
  const list = new net.BlockList();
  const ranges = [...(NAMED_RANGES.loopback ?? []), ...(Array.isArray(trustProxy) ? trustProxy : [])];
  for (const entry of ranges.flatMap((e) =>
    Object.hasOwn(NAMED_RANGES, e) ? (NAMED_RANGES[e] ?? []) : [e],
  )) {
    const [address = '', bits] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!net.isIP(address)) continue;
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const plain = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (!net.isIP(plain)) return false;
  return list.check(plain, net.isIPv6(plain) ? 'ipv6' : 'ipv4');
}
