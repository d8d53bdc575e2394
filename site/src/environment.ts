// The site server process's environment: every variable it reads (main.ts, options.ts), and the default geo
// service its launchers share. Nothing else of a launcher's environment reaches the process: the launchers hand it
// only these names (tools/src/site-process.mjs), and main.ts drops every other one before it loads any build.
// This module imports nothing, so main.ts can read it before the environment is trimmed.

/** The geo service's default: the site server asks it for each visitor's address ({ip}); the browser, without. */
export const DEFAULT_GEO_URL = 'https://ipapi.co/{ip}/json/';

/** Every variable the site server process reads, and the few Node and the terminal read. */
export const SITE_ENV_NAMES: readonly string[] = Object.freeze([
  // where it listens, what it serves, how it starts (main.ts)
  'SITE_PORT',
  'SITE_HOST',
  'SITE_URL',
  'SITE_CACHE_DIR',
  'SITE_SECRETS',
  'SITE_LOG',
  'RELEASES_DIR',
  'HANDOVER_PORT',
  'SHUTDOWN_GRACE_MS',
  'SHUTDOWN_FINISH_MS',
  // the API, the geo service, the shop (options.ts)
  'API_PORT',
  'API_INTERNAL_URL',
  'API_ON_SITE_ORIGIN',
  'PUBLIC_API_URL',
  'GEO_URL',
  'GEO_CACHE_MS',
  'DELIVERY_FEE',
  'SSR',
  'SSR_CACHE_MS',
  'TRUST_PROXY',
  'TRUSTED_PROXY',
  'SHELL_VERSIONS_SERVED',
  'VITALS_SAMPLE_RATE',
  'SERVE_SOURCE_MAPS',
  'LOG_FORMAT',
  'CSP_QR_HOSTS',
  'CSP_MAP_HOSTS',
  'CSP_VIDEO_HOSTS',
  'CSP_PAYMENT_HOSTS',
  'CSP_TRANSLATE_HOSTS',
  // Node, React's and the log's modes, the terminal
  'NODE_ENV',
  'TZ',
  'LANG',
  'LC_ALL',
  'TERM',
  'NO_COLOR',
  'FORCE_COLOR',
  // Extra CA certificates for the geo lookup's TLS (read by Node as it starts)
  'NODE_EXTRA_CA_CERTS',
]);
