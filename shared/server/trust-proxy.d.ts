// Types of trust-proxy.mjs (the one TRUST_PROXY parser). Keep the two in step.

/** TRUST_PROXY's value: true / false, or addresses / CIDRs / 'loopback' separated by commas. */
export function parseTrustProxy(raw: string): boolean | string[];

/** TRUST_PROXY, else the deprecated TRUSTED_PROXY; undefined when neither is set (nothing is trusted). */
export function trustProxyFromEnv(env?: NodeJS.ProcessEnv): boolean | string[] | undefined;

/** Loopback, or one of the TRUST_PROXY addresses / CIDRs (`loopback`, `linklocal`, `uniquelocal` too): inside. */
export function isInternalAddress(ip: string, trustProxy: boolean | string[] | undefined): boolean;
