// What a site server is told (SiteOptions), and the one place they are read from the environment
// (siteSettingsFromEnv, called once by main.ts). The server itself reads no variable: a test or a launcher builds
// the options it wants, and everything left out takes the default named on each field.
import path from 'node:path';
import { shutdownTimesFromEnv } from '@metrology/server-kit/drain';
import { trustProxyFromEnv } from '@metrology/server-kit/trust-proxy';
import { DEFAULT_GEO_URL } from './environment.js';
import { cspHostsFromEnv } from './security.js';
import { shellVersionsServedFromEnv } from './shell-versions.js';
import { vitalsSampleRateFromEnv } from './render/visitor.js';
import type { ArtifactStore } from '@metrology/releases/artifact-store';
import type { CspHosts } from './security.js';

type Env = Record<string, string | undefined>;

export interface SiteOptions {
  /** built shell (shell/dist): served only while no shell version is published; once one is, the shell comes from the release store like the remotes */
  shellDir: string;
  /** SHELL_VERSIONS_SERVED: how many shell versions' files are served, the live one first (default 5), so a page opened before a deploy still loads its chunks */
  shellVersionsServed?: number;
  /** RELEASES_DIR */
  releasesDir: string;
  /** API_PORT, used when no public API URL is given */
  apiPort: number;
  /** the API's URL as browsers reach it (PUBLIC_API_URL; default http://localhost:apiPort) */
  publicApiUrl?: string;
  /** this site's URL as browsers reach it (SITE_URL; default http://localhost:<its port>) */
  siteUrl?: string;
  /** where the site calls the API for server renders, /readyz and the crawl files (API_INTERNAL_URL; default http://127.0.0.1:apiPort) */
  apiInternalUrl?: string;
  /** GEO_URL */
  geoUrl: string;
  /** DELIVERY_FEE */
  deliveryFee: number;
  /** true: one line per request, or pino's options for it (SITE_LOG=off: none) */
  logger?: boolean | object;
  /** LOG_FORMAT: the request lines as JSON or pretty (default pretty in a terminal, JSON otherwise) */
  logFormat?: 'json' | 'pretty';
  /** API_ON_SITE_ORIGIN: the API is reached through this site's own origin (behind nginx) */
  apiOnSiteOrigin?: boolean;
  /** TRUST_PROXY: the balancer(s) whose X-Forwarded-* headers count (default none) */
  trustProxy?: boolean | string[];
  /** render pages on the server (default true; SSR=off turns it off) */
  serverRender?: boolean;
  /** SSR_CACHE_MS: how long one server-rendered page is served again (default 1000) */
  pageCacheMs?: number;
  /** GEO_CACHE_MS: how long one visitor address's geolocation answer is kept */
  geoCacheMs?: number;
  /** the outside hosts the page CSP allows (CSP_QR_HOSTS, CSP_MAP_HOSTS, CSP_VIDEO_HOSTS, CSP_PAYMENT_HOSTS, CSP_TRANSLATE_HOSTS; default security.ts's) */
  cspHosts?: CspHosts;
  /** where the live registry is read from on every request (the PostgreSQL pointer of a cluster); default RELEASES_DIR/registry.json */
  registryStore?: { readText(): Promise<string> };
  /** RELEASE_SIGNING_KEY: checks preview links and cookies, signs page tokens and the rollout's session counts sent to the API (without it there is no preview and no rollout health) */
  releaseSigningKey?: string;
  /** VITALS_SAMPLE_RATE: the share of sessions whose pages measure their speed (default 0.1; every canary session does) */
  vitalsSampleRate?: number;
  /** how often the rollout's session counts go to the API (default 5000) */
  servedFlushMs?: number;
  /** the published versions' files in PostgreSQL (with a database URL): fetched into cacheDir on first need and checked before they are served or loaded; versions the store does not hold are read from RELEASES_DIR as without it */
  artifactStore?: ArtifactStore;
  /** SITE_CACHE_DIR: this server's own copy of the versions it fetched (default a new temporary folder with an artifact store), and of the compressed copies of the release files it served; without it those are kept in memory */
  cacheDir?: string;
}

/** The options read from the environment: everything but the stores and the key, which main.ts opens and finds. */
export type SiteOptionsFromEnv = Omit<SiteOptions, 'registryStore' | 'artifactStore' | 'releaseSigningKey'>;

/** How the process runs the server: where it listens, where its cache is, how it shuts down. */
export interface SiteProcessSettings {
  /** SITE_PORT (default 8080) */
  port: number;
  /** SITE_HOST (default 0.0.0.0) */
  host: string;
  /** HANDOVER_PORT: the port a rolling deploy hands this process (on SIGUSR2) */
  handoverPort?: number;
  /** SHUTDOWN_GRACE_MS and SHUTDOWN_FINISH_MS */
  shutdown: { graceMs: number; finishMs: number };
  /** SITE_CACHE_DIR (default DATA_DIR/site-cache-<port>): used with a database */
  cacheDir: string;
}

/** A whole number of milliseconds, or undefined when unset. */
function milliseconds(env: Env, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of milliseconds, got '${raw}'`);
  return value;
}

/**
 * SSR=off renders pages in the browser only; GEO_CACHE_MS is how long the answer for one visitor address is kept
 * (default 10 minutes); SSR_CACHE_MS how long a rendered page is served again (default 1 s).
 */
export function serverRenderOptions(
  env: Env,
): Pick<SiteOptions, 'serverRender' | 'geoCacheMs' | 'pageCacheMs'> {
  const options: Pick<SiteOptions, 'serverRender' | 'geoCacheMs' | 'pageCacheMs'> = {};
  if (env.SSR !== undefined) {
    if (!['on', 'off'].includes(env.SSR)) throw new Error(`SSR must be 'on' or 'off', got '${env.SSR}'`);
    options.serverRender = env.SSR === 'on';
  }
  const geoCacheMs = milliseconds(env, 'GEO_CACHE_MS');
  if (geoCacheMs !== undefined) options.geoCacheMs = geoCacheMs;
  const pageCacheMs = milliseconds(env, 'SSR_CACHE_MS');
  if (pageCacheMs !== undefined) options.pageCacheMs = pageCacheMs;
  return options;
}

function port(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port number, got '${raw}'`);
  return value;
}

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw !== 'on' && raw !== 'off') throw new Error(`${name} must be 'on' or 'off', got '${raw}'`);
  return raw === 'on';
}

/**
 * The site server's options and the process's settings from the environment, read once as the process starts.
 * `root` is the repository (shell/dist, the default RELEASES_DIR data/releases); `dataDir` is DATA_DIR. Throws on
 * a value it cannot use, naming the variable.
 */
export function siteSettingsFromEnv(
  env: Env,
  where: { root: string; dataDir: string },
): { options: SiteOptionsFromEnv; process: SiteProcessSettings } {
  const sitePort = port(env, 'SITE_PORT', 8080);
  const handoverPort = port(env, 'HANDOVER_PORT', 0);
  const trustProxy = trustProxyFromEnv(env);
  const logFormat = env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : undefined;
  const deliveryFee = Number(env.DELIVERY_FEE ?? 10);
  if (!Number.isFinite(deliveryFee) || deliveryFee < 0)
    throw new Error(`DELIVERY_FEE must be a number of 0 or more, got '${env.DELIVERY_FEE}'`);
  const options: SiteOptionsFromEnv = {
    shellDir: path.join(where.root, 'shell/dist'),
    releasesDir: path.resolve(env.RELEASES_DIR ?? path.join(where.root, 'data', 'releases')),
    apiPort: port(env, 'API_PORT', 4000),
    // Where this server calls the API (server renders, /readyz): behind nginx, nginx itself, so any API answers.
    ...(env.API_INTERNAL_URL ? { apiInternalUrl: env.API_INTERNAL_URL } : {}),
    ...(env.PUBLIC_API_URL ? { publicApiUrl: env.PUBLIC_API_URL } : {}),
    ...(env.SITE_URL ? { siteUrl: env.SITE_URL } : {}),
    apiOnSiteOrigin: env.API_ON_SITE_ORIGIN === 'true',
    geoUrl: env.GEO_URL ?? DEFAULT_GEO_URL,
    deliveryFee,
    logger: onOff(env, 'SITE_LOG', true) ? { base: { site: sitePort } } : false,
    ...(logFormat ? { logFormat } : {}),
    ...(trustProxy === undefined ? {} : { trustProxy }),
    ...serverRenderOptions(env),
    cspHosts: cspHostsFromEnv(env),
    shellVersionsServed: shellVersionsServedFromEnv(env),
    vitalsSampleRate: vitalsSampleRateFromEnv(env),
  };
  return {
    options,
    process: {
      port: sitePort,
      host: env.SITE_HOST ?? '0.0.0.0',
      ...(handoverPort > 0 ? { handoverPort } : {}),
      shutdown: shutdownTimesFromEnv(env),
      cacheDir: path.resolve(env.SITE_CACHE_DIR ?? path.join(where.dataDir, `site-cache-${sitePort}`)),
    },
  };
}
