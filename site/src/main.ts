// The site server process: what `npm start` supervises and `npm run cluster` starts several of
// (node site/dist/main.js). It serves the live shell version and the published remotes from RELEASES_DIR
// (shell/dist only while no shell version is published) on SITE_PORT; every setting is read once, here, from the
// environment (options.ts). With a database URL the live registry is read from PostgreSQL on every request (the
// pointer every instance shares), and the versions' files are fetched from PostgreSQL into SITE_CACHE_DIR.
// SIGTERM/SIGINT: stop accepting, drain the open connections (@metrology/server-kit/drain), finish the requests in
// flight, close the database pool, exit.
//
// It runs every team's Node build in this process, so it keeps no secret where that code would look: with
// SITE_SECRETS=stdin (npm start, npm run cluster) its release signing key and its database URL (a role that may only
// read the release tables) come as one JSON object on standard input; started by hand, from RELEASE_SIGNING_KEY (or
// DATA_DIR/release-signing.key) and SITE_DATABASE_URL or DATABASE_URL. Either way every variable it does not read
// is dropped from process.env before anything else is loaded: this module imports only the list of names.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_ENV_NAMES } from './environment.js';
import type { Server } from 'node:net';

/** What the site process reads on standard input when SITE_SECRETS=stdin: one JSON object. */
interface SiteSecrets {
  /** signs page tokens and served counts, checks preview links */
  releaseSigningKey?: string;
  /** its own role's URL (SELECT on the release tables only) */
  databaseUrl?: string;
}

async function secretsFromStdin(): Promise<SiteSecrets> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  const field = (name: keyof SiteSecrets) => {
    const value =
      parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[name] : undefined;
    return typeof value === 'string' ? { [name]: value } : {};
  };
  return { ...field('releaseSigningKey'), ...field('databaseUrl') };
}

/** The repository: this file is site/src/main.ts, built to site/dist/main.js. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const fromStdin = process.env.SITE_SECRETS === 'stdin';
const secrets: SiteSecrets = fromStdin
  ? await secretsFromStdin()
  : {
      ...(process.env.RELEASE_SIGNING_KEY ? { releaseSigningKey: process.env.RELEASE_SIGNING_KEY } : {}),
      ...(process.env.SITE_DATABASE_URL || process.env.DATABASE_URL
        ? { databaseUrl: process.env.SITE_DATABASE_URL || process.env.DATABASE_URL }
        : {}),
    };
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data'));
// Only what this process reads stays in its environment (the secrets above are gone from it too).
for (const name of Object.keys(process.env)) if (!SITE_ENV_NAMES.includes(name)) delete process.env[name];

// Loaded after the environment is trimmed: nothing they load saw the rest.
const { siteSettingsFromEnv } = await import('./options.js');
const { createSiteServer } = await import('./server.js');
const { openPgRegistryReader } = await import('@metrology/releases/pg-store');
const { findSigningKey } = await import('@metrology/releases/signing-key');
const { drainServer, listenAlso } = await import('@metrology/server-kit/drain');

const settings = siteSettingsFromEnv(process.env, { root: ROOT, dataDir });
const { port, host, handoverPort, shutdown, cacheDir } = settings.process;
// Reads only: the registry and the artifact store's manifests and blobs (it creates and writes nothing).
const store = secrets.databaseUrl
  ? await openPgRegistryReader(secrets.databaseUrl, { poolSize: 4 })
  : undefined;
// Signs page tokens and checks preview links: the key npm start and npm run cluster hand it, else (started by hand)
// RELEASE_SIGNING_KEY or the key npm start made in DATA_DIR.
const releaseSigningKey =
  secrets.releaseSigningKey ||
  (fromStdin ? undefined : await findSigningKey(dataDir, { RELEASE_SIGNING_KEY: undefined }));
const site = await createSiteServer({
  ...settings.options,
  // With a database the versions' files come from the artifact store in PostgreSQL, into this server's own cache.
  ...(store ? { registryStore: store, artifactStore: store.artifacts, cacheDir } : {}),
  ...(releaseSigningKey ? { releaseSigningKey } : {}),
});

let stopping = false;
/** Ports handed over to this process by a rolling deploy. */
const handedOver: Server[] = [];
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  site.log.info({ signal }, 'shutting down: draining connections');
  setTimeout(() => process.exit(1), 10_000).unref();
  const drained = await drainServer(site.server, {
    ...shutdown,
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
  if (stopping || !handoverPort) return;
  listenAlso(site.server, handoverPort, host).then(
    (listener) => {
      handedOver.push(listener);
      site.log.info(`also listening on :${handoverPort} (handed over by a rolling deploy)`);
    },
    (error: unknown) => site.log.error({ err: error }, `could not take over :${handoverPort}`),
  );
});

try {
  await site.listen({ port, host });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
site.log.info(
  `site listening on http://${host}:${port} (registry ${store ? 'in PostgreSQL' : `in ${settings.options.releasesDir}`})`,
);
