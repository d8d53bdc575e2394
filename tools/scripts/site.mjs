// @ts-check
// One site server process: what `npm start` supervises (its options as JSON in SITE_SERVER_OPTIONS) and what
// `npm run cluster` starts several of (options from the environment). It serves the live shell version and the
// published remotes from RELEASES_DIR (shell/dist only while no shell version is published) on SITE_PORT. With a
// database URL the live registry is read from PostgreSQL on every request (the pointer every instance shares), and
// the versions' files are fetched from PostgreSQL into SITE_CACHE_DIR (default DATA_DIR/site-cache-<port>);
// API_ON_SITE_ORIGIN=true tells browsers the API is on the site's own origin (nginx routes /api/).
// SIGTERM/SIGINT: stop accepting, drain the open connections (shared/server/drain.mjs), finish the requests in
// flight, close the database pool, exit.
//
// It runs every team's Node build in this process, so it keeps no secret where that code would look: with
// SITE_SECRETS=stdin (npm start, npm run cluster) its release signing key and its database URL (a role that may only
// read the release tables) come as one JSON object on standard input; started by hand, from RELEASE_SIGNING_KEY (or
// DATA_DIR/release-signing.key) and SITE_DATABASE_URL or DATABASE_URL. Either way every variable it does not read
// is dropped from process.env before any build is loaded. npm start and npm run cluster also start it under Node's
// permission model (tools/src/site-process.mjs).
import path from 'node:path';
import { DEFAULT_GEO_URL, SITE_ENV_NAMES, serverRenderOptions } from '../src/site-process.mjs';
import { DEFAULT_RELEASES_DIR, ROOT } from '../src/paths.mjs';

/** @returns {Promise<import('../src/site-process.mjs').SiteSecrets>} */
async function secretsFromStdin() {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(/** @type {Buffer} */ (chunk));
  const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  return {
    ...(typeof parsed.releaseSigningKey === 'string' ? { releaseSigningKey: parsed.releaseSigningKey } : {}),
    ...(typeof parsed.databaseUrl === 'string' ? { databaseUrl: parsed.databaseUrl } : {}),
  };
}

const fromStdin = process.env.SITE_SECRETS === 'stdin';
const secrets = fromStdin
  ? await secretsFromStdin()
  : {
      releaseSigningKey: process.env.RELEASE_SIGNING_KEY || undefined,
      databaseUrl: process.env.SITE_DATABASE_URL || process.env.DATABASE_URL || undefined,
    };
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data'));
// Only what this process reads stays in its environment (the secrets above are gone from it too).
for (const name of Object.keys(process.env)) {
  if (!SITE_ENV_NAMES.includes(name) && name !== 'DATA_DIR') delete process.env[name];
}
delete process.env.DATA_DIR;

// Loaded after the environment is trimmed: nothing it loads saw the rest.
const { openPgRegistryReader } = await import('@metrology/releases/pg-store');
const { createSiteServer } = await import('@metrology/site/server');
const { findSigningKey } = await import('@metrology/releases/signing-key');
const { trustProxyFromEnv } = await import('@metrology/shared/trust-proxy');
const { drainServer, listenAlso, shutdownTimesFromEnv } = await import('@metrology/shared/drain');

const port = Number(process.env.SITE_PORT ?? 8080);
const host = process.env.SITE_HOST ?? '0.0.0.0';
const releasesDir = path.resolve(process.env.RELEASES_DIR ?? DEFAULT_RELEASES_DIR);
// Reads only: the registry and the artifact store's manifests and blobs (it creates and writes nothing).
const store = secrets.databaseUrl
  ? await openPgRegistryReader(secrets.databaseUrl, { poolSize: 4 })
  : undefined;
// TRUST_PROXY (or its deprecated older name TRUSTED_PROXY): the balancer whose X-Forwarded-* headers count.
const trustProxy = trustProxyFromEnv(process.env);

const options = process.env.SITE_SERVER_OPTIONS
  ? JSON.parse(process.env.SITE_SERVER_OPTIONS)
  : {
      shellDir: path.join(ROOT, 'shell/dist'),
      releasesDir,
      apiPort: Number(process.env.API_PORT ?? 4000),
      // Where this server calls the API (server renders, /readyz): behind nginx, nginx itself, so any API answers.
      ...(process.env.API_INTERNAL_URL ? { apiInternalUrl: process.env.API_INTERNAL_URL } : {}),
      publicApiUrl: process.env.PUBLIC_API_URL,
      siteUrl: process.env.SITE_URL,
      apiOnSiteOrigin: process.env.API_ON_SITE_ORIGIN === 'true',
      geoUrl: process.env.GEO_URL ?? DEFAULT_GEO_URL,
      deliveryFee: Number(process.env.DELIVERY_FEE ?? 10),
      logger: { base: { site: port } },
      ...(trustProxy === undefined ? {} : { trustProxy }),
      ...serverRenderOptions(process.env),
    };
// Signs page tokens and checks preview links: the key npm start and npm run cluster hand it, else (started by hand)
// RELEASE_SIGNING_KEY or the key npm start made in DATA_DIR.
const releaseSigningKey =
  secrets.releaseSigningKey ||
  (fromStdin ? undefined : await findSigningKey(dataDir, { RELEASE_SIGNING_KEY: undefined }));
// With DATABASE_URL the versions' files come from the artifact store in PostgreSQL, into this server's own cache.
const cacheDir = path.resolve(process.env.SITE_CACHE_DIR ?? path.join(dataDir, `site-cache-${port}`));
const site = await createSiteServer({
  ...options,
  ...(store ? { registryStore: store, artifactStore: store.artifacts, cacheDir } : {}),
  ...(releaseSigningKey ? { releaseSigningKey } : {}),
});

let stopping = false;
/** @type {import('node:net').Server[]} ports handed over to this process by a rolling deploy */
const handedOver = [];
/** @param {string} signal */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  site.log.info({ signal }, 'shutting down: draining connections');
  setTimeout(() => process.exit(1), 10_000).unref();
  const drained = await drainServer(site.server, {
    ...shutdownTimesFromEnv(process.env),
    also: handedOver,
    log: (message) => site.log.info(message),
  });
  site.log.info(`drained (connections closed by the ${drained.closedBy})`);
  await site.close();
  await store?.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
// A rolling deploy: once the instance this one replaces let go of its port, this process takes it too.
process.on('SIGUSR2', () => {
  const handover = Number(process.env.HANDOVER_PORT);
  if (stopping || !Number.isInteger(handover) || handover <= 0) return;
  listenAlso(site.server, handover, host).then(
    (listener) => {
      handedOver.push(listener);
      site.log.info(`also listening on :${handover} (handed over by a rolling deploy)`);
    },
    (error) => site.log.error({ err: error }, `could not take over :${handover}`),
  );
});

try {
  await site.listen({ port, host });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
site.log.info(
  `site listening on http://${host}:${port} (registry ${store ? 'in PostgreSQL' : `in ${releasesDir}`})`,
);
