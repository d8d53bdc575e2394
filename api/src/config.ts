// Options of buildApp, and how main.ts reads them from the environment (DESIGN.md "Ports and variables").
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DELIVERY_FEE } from '@metrology/shared/rules';
import { trustProxyFromEnv } from '@metrology/server-kit/trust-proxy';
import {
  mailOptionsFromEnv,
  resolveMail,
  type MailConfig,
  type MailOptions,
} from './features/mail/mail-config.js';
import { API_ROOT } from './paths.js';

/** Calls with a per-IP rate limit, and their default maximum per window. */
export const RATE_LIMITED_CALLS = {
  login: 20,
  register: 20,
  enquiry: 20,
  application: 10,
  chat: 30,
  loadFailures: 30,
  /** Speed beacons: a sampled visitor sends about one a page. */
  vitals: 60,
  contact: 20,
  /** "Forgot password?" and "Resend verification" each send an e-mail: fewer a window. */
  passwordReset: 5,
  verificationResend: 5,
  /** Orders stored per account per window (ORDER_LIMIT_PER_ACCOUNT), cash on delivery and online together. */
  orderAccount: 30,
  /** Orders stored per address per window (ORDER_LIMIT_PER_ADDRESS): several accounts behind one address. */
  orderAddress: 60,
} as const;
export type RateLimitedCall = keyof typeof RATE_LIMITED_CALLS;

export interface RateLimitOptions {
  /** One maximum for every limited call (overrides the per-call defaults). */
  max?: number;
  /** Per-call maxima. */
  calls?: Partial<Record<RateLimitedCall, number>>;
  /** Window length; default one minute. */
  windowMs?: number;
}

export interface BuildAppOptions {
  /** Embedded database in `${dataDir}/db`, resumes in `${dataDir}/resumes`, the JWT secret file. Unset: in memory. */
  dataDir?: string;
  /** postgres://... : a PostgreSQL server instead of the embedded database. */
  databaseUrl?: string;
  deliveryFee?: number;
  logger?: boolean | object;
  /** Allowed site origins; true allows any origin. */
  corsOrigins?: string[] | true;
  /** HS256 secret; unset: read from (or generated into) `${dataDir}/jwt-secret`, or random in memory. */
  jwtSecret?: string;
  tokenTtlSeconds?: number;
  /** Real Razorpay when both are set; the local sandbox otherwise. */
  razorpay?: { keyId: string; keySecret: string };
  /** Real Stripe when set; the local sandbox otherwise. */
  stripeSecretKey?: string;
  /** ISO currency of payment orders (the site shows '$'). */
  currency?: string;
  rateLimit?: RateLimitOptions | false;
  /** Seed the base catalogue and the content when the tables are empty (default true). */
  seed?: boolean;
  /** Where links point when a request carries no Origin header (payment returns). */
  siteOrigin?: string;
  /** fetch used to call the real payment providers (tests replace it). */
  fetch?: typeof fetch;
  /** RELEASES_DIR: where the release desk reads and moves the registry (unset: the desk's actions answer 503). */
  releasesDir?: string;
  /** The signing key shared with the site server, and the automatic rollback's thresholds. */
  releases?: ReleaseOptions;
  /** Behind a proxy (nginx): which addresses to trust for X-Forwarded-For (client IPs for rate limits). */
  trustProxy?: boolean | string | string[];
  /** Log lines: pretty in a terminal by default, JSON otherwise ('json' or 'pretty' forces one). */
  logFormat?: 'json' | 'pretty';
  /** Faults and abuse: see FaultOptions. */
  faults?: FaultOptions;
  /** SMTP, the sender, kinds turned off, the first staff e-mail (docs/operations.md "Mail"). */
  mail?: MailOptions;
}

/** Staged rollouts (docs/releases.md "How a team ships"). */
export interface ReleaseOptions {
  /** RELEASE_SIGNING_KEY: checks page tokens and the site's served reports, signs preview links. */
  signingKey?: string;
  /** ROLLOUT_CHECK_SECONDS (default 5; 0: no controller in this process). */
  checkSeconds?: number;
  /** ROLLOUT_WINDOW_MINUTES (default 10): the failures and sessions that count are this recent. */
  windowMinutes?: number;
  /** ROLLOUT_MIN_FAILURES (default 5): fewer failing networks (beyond the tolerated ones) never roll back. */
  minFailures?: number;
  /** ROLLOUT_TOLERATED_NETWORKS (default 8): this many failing networks per side are assumed to lie, and discounted. */
  toleratedNetworks?: number;
  /** ROLLOUT_FAILURE_RATE (default 0.02): failing sessions / sessions at which a canary is rolled back. */
  failureRate?: number;
  /** ROLLOUT_SLOWER_FACTOR (default 1.25): a canary whose INP or LCP p75 is this many times live's is slower. */
  slowerFactor?: number;
  /** ROLLOUT_MIN_VITALS (default 20): fewer figures per side (on a route, or overall) never decide speed. */
  minVitals?: number;
  /** RELEASE_PACK_MAX_BYTES (default 64 MiB): the largest upload POST /api/releases/publish reads. */
  packMaxBytes?: number;
  /** RELEASE_NODE_CHECK_SECONDS (default 30): how long an uploaded Node build may take to load before it is refused. */
  nodeCheckSeconds?: number;
  /** Where an upload's check and a version bound for the artifact store are put together (the system's temp folder). */
  workDir?: string;
}

export interface ReleaseConfig {
  signingKey?: string;
  checkMs: number;
  windowMinutes: number;
  minFailures: number;
  failureRate: number;
  toleratedNetworks: number;
  slowerFactor: number;
  minVitals: number;
  packMaxBytes: number;
  nodeCheckMs: number;
  /** Undefined: the system's temporary folder. */
  workDir?: string;
}

export const ROLLOUT_DEFAULTS = {
  checkSeconds: 5,
  windowMinutes: 10,
  minFailures: 5,
  failureRate: 0.02,
  toleratedNetworks: 8,
  slowerFactor: 1.25,
  minVitals: 20,
  packMaxBytes: 64 * 1024 * 1024,
  // Under the API's socket timeout (60 s): the publish call waits for it.
  nodeCheckSeconds: 30,
} as const;

/** Limits, sessions, payments mode and trust (docs/operations.md "Operating the shop"). */
export interface FaultOptions {
  /** statement_timeout of every PostgreSQL query in ms (STATEMENT_TIMEOUT_MS, default 10000; 0 = none). */
  statementTimeoutMs?: number;
  /** A session unused this long ends (SESSION_IDLE_SECONDS, default 3 days). */
  sessionIdleSeconds?: number;
  /** A session ends this long after login whatever its use (SESSION_ABSOLUTE_SECONDS, default 7 days). */
  sessionAbsoluteSeconds?: number;
  /** Most an order may total, delivery included (ORDER_TOTAL_CAP, default 1000000); larger needs an enquiry. */
  orderTotalCap?: number;
  /** An order awaiting payment this long is cancelled (ORDER_PAYMENT_EXPIRY_MINUTES, default 30; 0 = never). */
  orderPaymentExpiryMinutes?: number;
  /** sandbox: local test payments; live: the real providers (keys required in production). */
  paymentsMode?: 'sandbox' | 'live';
  /** NODE_ENV=production: refuse to start in live mode without keys. */
  production?: boolean;
  /** The API's public URL (PUBLIC_API_URL) for links it sends browsers to; default http://localhost:API_PORT. */
  publicApiUrl?: string;
}

export interface AppConfig {
  dataDir?: string;
  databaseUrl?: string;
  resumesDir: string;
  deliveryFee: number;
  corsOrigins: string[] | true;
  jwtSecret: string;
  tokenTtlSeconds: number;
  razorpay?: { keyId: string; keySecret: string };
  stripeSecretKey?: string;
  currency: string;
  rateLimit: false | { windowMs: number; calls: Record<RateLimitedCall, number> };
  seed: boolean;
  siteOrigin: string;
  fetch: typeof fetch;
  releasesDir?: string;
  releases: ReleaseConfig;
  statementTimeoutMs: number;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  orderTotalCap: number;
  /** 0: unpaid orders never expire. */
  orderPaymentExpiryMs: number;
  paymentsMode: 'sandbox' | 'live';
  publicApiUrl: string;
  mail: MailConfig;
}

export const DEFAULT_ORDER_TOTAL_CAP = 1_000_000;
export const DEFAULT_ORDER_PAYMENT_EXPIRY_MINUTES = 30;
export const SESSION_IDLE_SECONDS = 3 * 24 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 60 * 60;

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export function resolveConfig(options: BuildAppOptions, tmpResumesDir: () => string): AppConfig {
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : undefined;
  const rateLimit = options.rateLimit ?? {};
  const calls = { ...RATE_LIMITED_CALLS } as Record<RateLimitedCall, number>;
  if (rateLimit) {
    for (const call of Object.keys(calls) as RateLimitedCall[]) {
      calls[call] = rateLimit.calls?.[call] ?? rateLimit.max ?? calls[call];
    }
  }
  return {
    dataDir,
    databaseUrl: options.databaseUrl || undefined,
    resumesDir: dataDir ? path.join(dataDir, 'resumes') : tmpResumesDir(),
    deliveryFee: options.deliveryFee ?? DEFAULT_DELIVERY_FEE,
    corsOrigins: options.corsOrigins ?? true,
    jwtSecret: options.jwtSecret || jwtSecretFor(dataDir),
    tokenTtlSeconds:
      options.tokenTtlSeconds ?? options.faults?.sessionAbsoluteSeconds ?? SESSION_ABSOLUTE_SECONDS,
    razorpay: options.razorpay?.keyId && options.razorpay.keySecret ? options.razorpay : undefined,
    stripeSecretKey: options.stripeSecretKey || undefined,
    currency: (options.currency ?? 'USD').toUpperCase(),
    rateLimit: rateLimit === false ? false : { windowMs: rateLimit.windowMs ?? 60_000, calls },
    seed: options.seed ?? true,
    siteOrigin: (options.siteOrigin ?? 'http://localhost:8080').replace(/\/+$/, ''),
    fetch: options.fetch ?? globalThis.fetch,
    releasesDir: options.releasesDir ? path.resolve(options.releasesDir) : undefined,
    releases: resolveReleases(options.releases),
    mail: resolveMail(options.mail),
    ...resolveFaults(options),
  };
}

function resolveReleases(options: ReleaseOptions = {}): ReleaseConfig {
  const failureRate = options.failureRate ?? ROLLOUT_DEFAULTS.failureRate;
  if (failureRate <= 0 || failureRate > 1)
    throw new Error(`ROLLOUT_FAILURE_RATE must be a fraction above 0 and at most 1, got ${failureRate}`);
  const slowerFactor = options.slowerFactor ?? ROLLOUT_DEFAULTS.slowerFactor;
  if (!(slowerFactor > 1))
    throw new Error(`ROLLOUT_SLOWER_FACTOR must be a number above 1, got ${slowerFactor}`);
  return {
    ...(options.signingKey ? { signingKey: options.signingKey } : {}),
    checkMs: (options.checkSeconds ?? ROLLOUT_DEFAULTS.checkSeconds) * 1000,
    windowMinutes: options.windowMinutes ?? ROLLOUT_DEFAULTS.windowMinutes,
    minFailures: Math.max(1, Math.round(options.minFailures ?? ROLLOUT_DEFAULTS.minFailures)),
    failureRate,
    toleratedNetworks: Math.max(
      0,
      Math.round(options.toleratedNetworks ?? ROLLOUT_DEFAULTS.toleratedNetworks),
    ),
    slowerFactor,
    minVitals: Math.max(1, Math.round(options.minVitals ?? ROLLOUT_DEFAULTS.minVitals)),
    packMaxBytes: Math.max(1024, Math.round(options.packMaxBytes ?? ROLLOUT_DEFAULTS.packMaxBytes)),
    nodeCheckMs: Math.max(0.1, options.nodeCheckSeconds ?? ROLLOUT_DEFAULTS.nodeCheckSeconds) * 1000,
    ...(options.workDir ? { workDir: options.workDir } : {}),
  };
}

function resolveFaults(options: BuildAppOptions) {
  const faults = options.faults ?? {};
  const razorpay = Boolean(options.razorpay?.keyId && options.razorpay.keySecret);
  const stripe = Boolean(options.stripeSecretKey);
  // Without PAYMENTS_MODE: live when keys are given, sandbox otherwise.
  const paymentsMode = faults.paymentsMode ?? (razorpay || stripe ? 'live' : 'sandbox');
  if (paymentsMode === 'live' && faults.production && !(razorpay && stripe))
    throw new Error(
      'PAYMENTS_MODE=live in production needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and STRIPE_SECRET_KEY; refusing to start (set PAYMENTS_MODE=sandbox for test payments)',
    );
  return {
    statementTimeoutMs: faults.statementTimeoutMs ?? 10_000,
    sessionIdleSeconds: faults.sessionIdleSeconds ?? SESSION_IDLE_SECONDS,
    sessionAbsoluteSeconds: faults.sessionAbsoluteSeconds ?? SESSION_ABSOLUTE_SECONDS,
    orderTotalCap: faults.orderTotalCap ?? DEFAULT_ORDER_TOTAL_CAP,
    orderPaymentExpiryMs: (faults.orderPaymentExpiryMinutes ?? DEFAULT_ORDER_PAYMENT_EXPIRY_MINUTES) * 60_000,
    paymentsMode,
    publicApiUrl: (faults.publicApiUrl ?? 'http://localhost:4000').replace(/\/+$/, ''),
  };
}

/** A secret kept in DATA_DIR so tokens survive restarts; random per process without a data folder. */
function jwtSecretFor(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * Where relative paths (DATA_DIR) start: the working directory, except when npm runs one of this package's scripts
 * (`npm run seed -w @metrology/api` works inside api/): then the folder npm was invoked in.
 */
export function invocationDir(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const insidePackage = path.resolve(cwd) === path.resolve(API_ROOT);
  return insidePackage && env.INIT_CWD ? env.INIT_CWD : cwd;
}

/** The environment of DESIGN.md and api/README.md as buildApp options. */
export function optionsFromEnv(
  env: NodeJS.ProcessEnv,
  cwd = process.cwd(),
): BuildAppOptions & { port: number } {
  const number = (name: string): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0)
      throw new Error(`${name} must be a non-negative number, got "${raw}"`);
    return value;
  };
  const origins = env.CORS_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const rateMax = number('RATE_LIMIT_MAX');
  const rateWindow = number('RATE_LIMIT_WINDOW_MS');
  const sitePort = number('SITE_PORT') ?? 8080;
  const siteOrigin = env.SITE_URL || env.SITE_ORIGIN || `http://localhost:${sitePort}`;
  return {
    port: number('API_PORT') ?? 4000,
    dataDir: path.resolve(cwd, env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    deliveryFee: number('DELIVERY_FEE'),
    jwtSecret: env.JWT_SECRET || undefined,
    // The site's own origins only, unless CORS_ORIGINS names others ('*': any).
    corsOrigins:
      origins && origins.length > 0
        ? origins.includes('*')
          ? true
          : origins
        : [...new Set([siteOrigin, `http://localhost:${sitePort}`, `http://127.0.0.1:${sitePort}`])],
    trustProxy: trustProxyFromEnv(env),
    razorpay:
      env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET
        ? { keyId: env.RAZORPAY_KEY_ID, keySecret: env.RAZORPAY_KEY_SECRET }
        : undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    currency: env.PAYMENT_CURRENCY || undefined,
    rateLimit:
      env.RATE_LIMIT_DISABLED === 'true'
        ? false
        : {
            max: rateMax,
            windowMs: rateWindow,
            calls: {
              ...(number('ORDER_LIMIT_PER_ACCOUNT') !== undefined
                ? { orderAccount: number('ORDER_LIMIT_PER_ACCOUNT') }
                : {}),
              ...(number('ORDER_LIMIT_PER_ADDRESS') !== undefined
                ? { orderAddress: number('ORDER_LIMIT_PER_ADDRESS') }
                : {}),
            },
          },
    siteOrigin,
    logger: { level: env.LOG_LEVEL || 'info' },
    logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : undefined,
    releasesDir: path.resolve(cwd, env.RELEASES_DIR || './releases'),
    releases: {
      signingKey: env.RELEASE_SIGNING_KEY || undefined,
      checkSeconds: number('ROLLOUT_CHECK_SECONDS'),
      windowMinutes: number('ROLLOUT_WINDOW_MINUTES'),
      minFailures: number('ROLLOUT_MIN_FAILURES'),
      failureRate: number('ROLLOUT_FAILURE_RATE'),
      toleratedNetworks: number('ROLLOUT_TOLERATED_NETWORKS'),
      slowerFactor: number('ROLLOUT_SLOWER_FACTOR'),
      minVitals: number('ROLLOUT_MIN_VITALS'),
      packMaxBytes: number('RELEASE_PACK_MAX_BYTES'),
      nodeCheckSeconds: number('RELEASE_NODE_CHECK_SECONDS'),
    },
    faults: faultsFromEnv(env, number),
    mail: mailOptionsFromEnv(env),
  };
}

/** The fault and abuse settings from the environment (docs/operations.md "Operating the shop"). */
function faultsFromEnv(env: NodeJS.ProcessEnv, number: (name: string) => number | undefined): FaultOptions {
  const mode = env.PAYMENTS_MODE?.trim();
  if (mode && mode !== 'sandbox' && mode !== 'live')
    throw new Error(`PAYMENTS_MODE must be sandbox or live, got "${mode}"`);
  const apiPort = number('API_PORT') ?? 4000;
  return {
    statementTimeoutMs: number('STATEMENT_TIMEOUT_MS'),
    sessionIdleSeconds: number('SESSION_IDLE_SECONDS'),
    sessionAbsoluteSeconds: number('SESSION_ABSOLUTE_SECONDS'),
    orderTotalCap: number('ORDER_TOTAL_CAP'),
    orderPaymentExpiryMinutes: number('ORDER_PAYMENT_EXPIRY_MINUTES'),
    paymentsMode: mode ? (mode as 'sandbox' | 'live') : undefined,
    production: env.NODE_ENV === 'production',
    publicApiUrl: env.PUBLIC_API_URL || `http://localhost:${apiPort}`,
  };
}
