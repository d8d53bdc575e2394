// The site: the shell (its live version and the last few before it: shell-versions.ts), the published remotes
// and their registry, and the run-time config.
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { readRegistryWithFallback } from '@metrology/releases/registry';
import { crawlRoutes } from './crawl-routes.js';
import { normalisedPath, servablePath } from './safe-path.js';
import { cspHostsFromEnv, registerSiteSecurity, requestIdFrom, withNonce } from './security.js';
import { registerRequestLog, siteLogger } from './log-format.js';
import { createPageRenderer } from './render/page-renderer.js';
import { createSiteMetrics } from './metrics.js';
import { ArtifactRefused, createArtifactCache } from './artifacts.js';
import { browserGeoUrl, createGeoLookup } from './render/geo.js';
import { createServedCounter } from './render/served-counter.js';
import { cartForms } from './render/cart-form.js';
import { isDraining } from '@metrology/shared/drain';
import {
  clearPreviewCookie,
  inSpeedSample,
  networkOf,
  pageToken,
  previewCookie,
  previewOf,
  sessionCookie,
  visitorOf,
  vitalsSampleRateFromEnv,
} from './render/visitor.js';
import { ROUTES, rolloutBucket, versionForVisitor } from '@metrology/shared/release';
import {
  fileAudience,
  registryForPublic,
  releaseFileOf,
  releaseFileResponse,
  sameSitePath,
} from './release-files.js';
import { scriptSafeJson } from '@metrology/shared/html-escape';
import { createShellSource, shellFileOf, shellVersionsServedFromEnv } from './shell-versions.js';
import {
  PRECOMPRESS_MIN_BYTES,
  createCompressedCopies,
  negotiateEncoding,
  precompressible,
  type ContentCoding,
} from './precompressed.js';
import { sendBytes } from './send-bytes.js';
import { sha256Of } from '@metrology/releases/artifact-store';
import type { CheckedFile } from './artifacts.js';
import type { CspHosts } from './security.js';
import type { ArtifactStore } from '@metrology/releases/artifact-store';
import type { Registry } from '@metrology/shared/release';
import type { FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NEVER_CACHE = 'no-store, max-age=0';
const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|svg|png|jpe?g|webp|woff2?)$/;
/** How many files of RELEASES_DIR and shell/dist have their SHA-256 remembered (by path, size and mtime). */
const DISK_HASHES_KEPT = 20_000;
/**
 * How long a request waits for a file's compressed copy to be made. A copy that takes longer (a big chunk at brotli
 * 11 on a busy machine, the first request after a deploy) goes on being made for the next request, and this one
 * gets the file's own bytes, cached briefly rather than for a year so the compressed copy replaces it.
 */
const COPY_WAIT_MS = 1500;
const NOT_YET = 'public, max-age=60';

/** The copy when it is ready within COPY_WAIT_MS; 'later' when it is still being made. */
async function copySoon(making: Promise<Buffer | null>): Promise<Buffer | null | 'later'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = new Promise<'later'>((resolve) => {
    timer = setTimeout(() => resolve('later'), COPY_WAIT_MS);
  });
  making.catch(() => undefined);
  try {
    return await Promise.race([making, later]);
  } finally {
    clearTimeout(timer);
  }
}

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
  /** where the site checks the API is reachable for /readyz (default 127.0.0.1:apiPort) */
  apiInternalUrl?: string;
  /** TRUSTED_PROXY: the only address whose X-Forwarded-* headers count */
  trustedProxy?: string | boolean;
  /** GEO_URL */
  geoUrl: string;
  /** DELIVERY_FEE */
  deliveryFee: number;
  /** true: one line per request (pretty in a terminal, JSON otherwise) */
  logger?: boolean | object;
  /** the API is reached through this site's own origin (behind nginx) */
  apiOnSiteOrigin?: boolean;
  /** behind nginx: trust X-Forwarded-* from these addresses */
  trustProxy?: boolean | string[];
  /** render pages on the server (default true; SSR=off turns it off) */
  serverRender?: boolean;
  /** SSR_CACHE_MS: how long one server-rendered page is served again (default 1000) */
  pageCacheMs?: number;
  /** how long one visitor address's geolocation answer is kept (GEO_CACHE_MS) */
  geoCacheMs?: number;
  /** the outside hosts the page CSP allows; default from the environment (CSP_QR_HOSTS, CSP_MAP_HOSTS, CSP_VIDEO_HOSTS, CSP_PAYMENT_HOSTS, CSP_TRANSLATE_HOSTS) */
  cspHosts?: CspHosts;
  /** where the live registry is read from on every request (the PostgreSQL pointer of a cluster); default RELEASES_DIR/registry.json */
  registryStore?: { readText(): Promise<string> };
  /** RELEASE_SIGNING_KEY: checks preview links and cookies, signs page tokens and the rollout's session counts sent to the API (without it there is no preview and no rollout health) */
  releaseSigningKey?: string;
  /** VITALS_SAMPLE_RATE: the share of sessions whose pages measure their speed (default 0.1; every canary session does) */
  vitalsSampleRate?: number;
  /** how often the rollout's session counts go to the API (default 5000) */
  servedFlushMs?: number;
  /** the published versions' files in PostgreSQL (with DATABASE_URL): fetched into cacheDir on first need and checked before they are served or loaded; versions the store does not hold are read from RELEASES_DIR as without it */
  artifactStore?: ArtifactStore;
  /** SITE_CACHE_DIR: this server's own copy of the versions it fetched (default a new temporary folder with an artifact store), and of the compressed copies of the release files it served; without it those are kept in memory */
  cacheDir?: string;
}

export async function createSiteServer(options: SiteOptions) {
  const app: FastifyInstance = Fastify({
    ...siteLogger(options.logger),
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    // X-Forwarded-* only from the configured proxy; from anyone else they are ignored.
    trustProxy: options.trustProxy ?? options.trustedProxy ?? false,
    // A client that sends nothing, or too slowly, does not hold a connection for ever.
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
  });
  registerRequestLog(app);
  // Public URLs come from configuration only, never from Host, X-Forwarded-Host, Origin or Referer.
  const trimmed = (url: string) => url.replace(/\/+$/, '');
  let siteOrigin: string | undefined = options.siteUrl ? trimmed(options.siteUrl) : undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!siteOrigin && address && typeof address === 'object')
      siteOrigin = `http://localhost:${address.port}`;
  });
  /** The API's URL as browsers reach it: configured, or (behind nginx) this site's own configured origin. */
  const apiBaseUrlNow = () =>
    trimmed(
      options.publicApiUrl ||
        (options.apiOnSiteOrigin && siteOrigin ? siteOrigin : `http://localhost:${options.apiPort}`),
    );
  /** The last damage reported, so a damaged registry is logged loudly once, not on every page load. */
  let reportedDamage = '';
  const readRegistry = async (): Promise<{ text: string; damage?: string; source: string }> => {
    if (options.registryStore) {
      try {
        return { text: await options.registryStore.readText(), source: 'postgres' };
      } catch (error) {
        return {
          text: JSON.stringify({ remotes: {} }),
          damage: `the registry in PostgreSQL cannot be read (${error instanceof Error ? error.message : error})`,
          source: 'none',
        };
      }
    }
    const reading = await readRegistryWithFallback(options.releasesDir);
    if (reading.damage && reading.damage !== reportedDamage) {
      reportedDamage = reading.damage;
      console.error(
        `ERROR: ${reading.damage}. The site serves ${reading.source === 'last-good' ? 'the last good copy (registry.json.last-good)' : 'no sections'}; run 'npm run release -- status' and 'npm run release -- repair'.`,
      );
    } else if (!reading.damage) reportedDamage = '';
    return reading;
  };
  // Pages (and the JSON routes) are compressed per response: each page is its own. Release files are not: they are
  // sent as the copies made once (precompressed.ts) with Content-Encoding set, which this plugin leaves as they are.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  registerSiteSecurity(app, {
    apiOrigin: () => {
      try {
        return new URL(apiBaseUrlNow()).origin;
      } catch {
        return null;
      }
    },
    geoUrl: options.geoUrl,
    hosts: options.cspHosts ?? cspHostsFromEnv(process.env),
  });
  const metrics = createSiteMetrics({ trustProxy: options.trustProxy ?? options.trustedProxy });
  metrics.register(app);

  /** The run-time config the browser gets (/config.json, and inside every server-rendered page). */
  const browserConfig = () => ({
    apiBaseUrl: apiBaseUrlNow(),
    geoUrl: browserGeoUrl(options.geoUrl),
    registryUrl: '/remotes/registry.json',
    deliveryFee: options.deliveryFee,
    siteOrigin: siteOrigin ?? 'http://localhost:8080',
  });
  const apiInternalUrl = trimmed(options.apiInternalUrl || `http://127.0.0.1:${options.apiPort}`);
  const cacheDir =
    options.cacheDir ??
    (options.artifactStore ? await fs.mkdtemp(path.join(tmpdir(), 'metrology-site-cache-')) : undefined);
  const artifacts =
    options.artifactStore && cacheDir
      ? createArtifactCache({
          store: options.artifactStore,
          cacheDir,
          log: (message) => app.log.error(`artifact store: ${message}`),
        })
      : undefined;
  const copies = createCompressedCopies({
    ...(cacheDir ? { dir: path.join(cacheDir, '.compressed') } : {}),
    log: (message) => app.log.error(`compressed copies: ${message}`),
    compressed: metrics.compressed,
  });
  /** The SHA-256 of files read from disk, so a file served again is not hashed again: path -> size, mtime, hash. */
  const diskHashes = new Map<string, { size: number; mtimeMs: number; sha256: string }>();

  /**
   * A release file in the coding asked for: its compressed copy when one is worth it and ready (copySoon), else
   * its own bytes (too small to gain, the copy failed and was logged, or it is still being made: then cached
   * briefly). Never compressed on the way.
   */
  const sendCoded = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: {
      sha256: string;
      size: number;
      encoding: ContentCoding;
      contentType: string;
      original: () => Promise<Buffer>;
    },
  ) => {
    const { sha256, size, encoding, contentType, original } = file;
    const copy =
      encoding !== 'identity' && size >= PRECOMPRESS_MIN_BYTES
        ? await copySoon(copies.copy(sha256, size, encoding, original))
        : null;
    if (copy === 'later') reply.header('Cache-Control', NOT_YET);
    else if (copy)
      return sendBytes(request, reply, {
        data: copy,
        etag: `"${sha256}-${encoding}"`,
        encoding,
        contentType,
      });
    return sendBytes(request, reply, {
      data: await original(),
      etag: `"${sha256}"`,
      encoding: null,
      contentType,
    });
  };

  /**
   * A release file (a remote's or the shell's) the site holds: checked bytes from the artifact store, or a file on
   * disk (RELEASES_DIR, shell/dist). Text (precompressible) goes out as its copy in the coding the client prefers
   * (br, else gzip), with an ETag of its own per coding and Vary: Accept-Encoding; anything else, or a client that
   * accepts neither, gets the file's own bytes as before. The caller has set Cache-Control and the release headers.
   */
  const sendReleaseFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    contentType: string,
    source: { checked: CheckedFile } | { root: string; file: string },
  ) => {
    const text = precompressible(name);
    if (text) reply.header('Vary', 'Accept-Encoding');
    const encoding = text ? negotiateEncoding(request.headers['accept-encoding']) : 'identity';
    if ('checked' in source) {
      const { data, sha256 } = source.checked;
      // Its hash is its identity: a revalidated manifest that did not change is a 304.
      return sendCoded(request, reply, {
        sha256,
        size: data.length,
        encoding,
        contentType,
        original: async () => data,
      });
    }
    if (encoding !== 'identity') {
      const full = path.join(source.root, source.file);
      const found = await fs.stat(full).catch(() => null);
      if (found?.isFile()) {
        const known = diskHashes.get(full);
        let read: Buffer | null = null;
        let sha256: string;
        if (known && known.size === found.size && known.mtimeMs === found.mtimeMs) sha256 = known.sha256;
        else {
          read = await fs.readFile(full);
          sha256 = sha256Of(read);
          diskHashes.delete(full);
          diskHashes.set(full, { size: read.length, mtimeMs: found.mtimeMs, sha256 });
          if (diskHashes.size > DISK_HASHES_KEPT) diskHashes.delete(diskHashes.keys().next().value ?? '');
        }
        const size = read?.length ?? found.size;
        // Read again only when a copy is made: the bytes must still be the ones hashed.
        const original = async () => {
          const data = read ?? (await fs.readFile(full));
          if (sha256Of(data) !== sha256) throw new Error(`${full} changed while it was read`);
          return data;
        };
        return sendCoded(request, reply, { sha256, size, encoding, contentType, original });
      }
    }
    reply.type(contentType);
    // contentType: false, so the static plugin keeps this type instead of guessing one from the extension.
    return reply.sendFile(source.file, source.root, { cacheControl: false, contentType: false });
  };
  const shellSource = createShellSource({
    shellDir: options.shellDir,
    releasesDir: options.releasesDir,
    ...(artifacts ? { artifacts } : {}),
    versionsServed: options.shellVersionsServed ?? shellVersionsServedFromEnv(process.env),
    warn: (message) => app.log.warn(message),
  });
  const renderer =
    options.serverRender === false
      ? null
      : createPageRenderer({
          shellDir: options.shellDir,
          shellSource,
          releasesDir: options.releasesDir,
          ...(artifacts ? { artifacts } : {}),
          apiInternalUrl,
          browserConfig,
          readRegistry,
          indianVisitor: createGeoLookup({
            geoUrl: options.geoUrl,
            ...(options.geoCacheMs === undefined ? {} : { cacheMs: options.geoCacheMs }),
          }),
          warn: (message) => app.log.warn(message),
          observe: metrics.renderer,
          ...(options.pageCacheMs === undefined ? {} : { cacheMs: options.pageCacheMs }),
        });

  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    return browserConfig();
  });

  app.get('/healthz', async () => ({ ok: true }));
  // Liveness: the process answers. Readiness: the release pointer is readable and the API answers.
  app.get('/livez', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    return { ok: true, status: 'live' };
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    const reasons: string[] = [];
    // A draining site (SIGTERM) is not ready: the balancer stops sending it traffic while it finishes.
    if (isDraining(app.server)) reasons.push('the site is shutting down (draining its connections)');
    const reading = await readRegistry();
    if (reading.damage)
      reasons.push(`the release pointer is damaged: ${reading.damage} (serving ${reading.source})`);
    const apiUrl = apiInternalUrl;
    try {
      const response = await fetch(`${apiUrl}/api/health/live`, { signal: AbortSignal.timeout(2000) });
      if (!response.ok) reasons.push(`the API at ${apiUrl} answers ${response.status}`);
    } catch (error) {
      reasons.push(`the API at ${apiUrl} is unreachable (${error instanceof Error ? error.message : error})`);
    }
    if (reasons.length) {
      reply.code(503);
      return { ok: false, status: 'not ready', reason: reasons.join('; ') };
    }
    return { ok: true, status: 'ready', registry: reading.source };
  });
  await app.register(crawlRoutes, {
    apiUrl: trimmed(options.apiInternalUrl || `http://127.0.0.1:${options.apiPort}`),
  });

  const signingKey = options.releaseSigningKey || process.env.RELEASE_SIGNING_KEY || undefined;
  const vitalsSampleRate = options.vitalsSampleRate ?? vitalsSampleRateFromEnv(process.env);
  /** Cookies are Secure when the site's public URL is https (behind a TLS-terminating balancer). */
  const secureCookies = () => (siteOrigin ?? '').startsWith('https:');
  /**
   * This request's visitor; a new one gets their session cookie (their rollout buckets) on this response.
   */
  const knownVisitor = (request: FastifyRequest, reply: FastifyReply) => {
    const visitor = visitorOf(request.headers.cookie, signingKey);
    if (visitor.isNew) reply.header('Set-Cookie', sessionCookie(visitor.cookie, secureCookies()));
    return visitor;
  };
  // Add to Cart, a line's stepper and bin, sent without script: the cart cookie changes, then a redirect back.
  await app.register(cartForms, { secureCookies });
  const served = createServedCounter({
    apiUrl: apiInternalUrl,
    signingKey,
    ...(options.servedFlushMs ? { everyMs: options.servedFlushMs } : {}),
    warn: (message) => app.log.warn(message),
  });
  app.addHook('onClose', async () => {
    served.stop();
    await served.flush();
  });

  // A release manager's preview link: a signed, expiring token for one version of one remote. The cookie it sets
  // is checked on every request like the link was; a forged, expired or unknown one is ignored there.
  app.get('/__preview', async (request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    const query = (request.query ?? {}) as { token?: unknown; to?: unknown };
    const preview = previewOf(signingKey, query.token);
    if (!preview || typeof query.token !== 'string') {
      reply.code(400).type('text/plain; charset=utf-8');
      return 'This preview link is not valid or has expired. Ask for a new one on the release desk or with npm run release -- preview.';
    }
    const to = sameSitePath(query.to);
    const first = ROUTES.find((route) => route.remote === preview.remote && !route.path.includes(':'));
    reply.header(
      'Set-Cookie',
      previewCookie(query.token, (preview.expiresAt - Date.now()) / 1000, secureCookies()),
    );
    return reply.redirect(to ?? first?.path ?? '/', 303);
  });
  app.get('/__preview/exit', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    reply.header('Set-Cookie', clearPreviewCookie(secureCookies()));
    return reply.redirect('/', 303);
  });

  // The registry is the live pointer: never cached, so a publish or rollback shows on the next page load.
  app.get('/remotes/registry.json', async (request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    reply.header('Access-Control-Allow-Origin', '*');
    reply.type('application/json');
    // A damaged registry.json (cut short by a bad write) is never sent: the last good copy is, and the damage is
    // logged and shown by /readyz and `release status`.
    const reading = await readRegistry();
    reply.header('X-Registry-Source', reading.source);
    // The browser is given its own view, as a server-rendered page is: the versions decided for this visitor.
    const visitor = knownVisitor(request, reply);
    try {
      const live = JSON.parse(reading.text);
      if (live && typeof live === 'object' && live.remotes) {
        return JSON.stringify(
          registryForPublic(live, {
            sessionId: visitor.sessionId,
            previews: visitor.preview ? { [visitor.preview.remote]: visitor.preview.version } : {},
          }).registry,
        );
      }
    } catch {
      // Unreadable: the browser's own loader reports that there is nothing to load.
    }
    return JSON.stringify({ remotes: {} });
  });

  // The files of published versions, and nothing else of RELEASES_DIR (release-files.ts). They never change:
  // cached for a year, except each version's manifest, which the browser's loader asks for on every page load
  // (revalidated, so cheap): that request, with the visitor's session cookie, is how this server sees a session
  // really run a version in a rollout, which is what the rollout is judged on (not a page fetch alone).
  await app.register(fastifyStatic, { root: path.resolve(options.releasesDir), serve: false });
  /** The registry as read at most a second ago: every file of a page load asks which version a visitor runs. */
  let recentRegistry = {
    at: 0,
    registry: Promise.resolve({ remotes: {} }) as Promise<Registry>,
  };
  const registryNow = (fresh = false) => {
    if (fresh || Date.now() - recentRegistry.at > 1000) {
      const registry = readRegistry().then((reading) => JSON.parse(reading.text) as Registry);
      recentRegistry = { at: Date.now(), registry: registry.catch(() => ({ remotes: {} })) };
    }
    return recentRegistry.registry;
  };
  app.get('/remotes/*', async (request, reply) => {
    const wanted = releaseFileOf(request.raw.url ?? '');
    const registry = wanted ? await registryNow() : null;
    const entry = wanted ? registry?.remotes[wanted.remote] : undefined;
    const visitor = visitorOf(request.headers.cookie, signingKey);
    const previewed = visitor.preview?.remote === wanted?.remote ? (visitor.preview?.version ?? null) : null;
    const audience = wanted ? fileAudience(entry, wanted.version, previewed) : null;
    if (!wanted || !entry || !audience) {
      reply.code(404).header('Cache-Control', 'no-cache');
      return { error: 'Not found' };
    }
    if (entry.rollout && !visitor.isNew && !visitor.preview) {
      const decided = versionForVisitor(entry, { bucket: rolloutBucket(visitor.sessionId, wanted.remote) });
      if (decided.version === wanted.version)
        served.add(visitor.sessionId, networkOf(request.ip), [
          { remote: wanted.remote, version: wanted.version, ran: true, renderFailed: false },
        ]);
    }
    reply.header('Access-Control-Allow-Origin', '*');
    // The type is the allow-list's, whatever the manifest or the file says (release-files.ts).
    const sent = releaseFileResponse(wanted.file);
    reply.headers(sent.headers);
    const manifest = wanted.file === 'mf-manifest.json';
    const cacheControl =
      audience === 'preview' ? 'private, no-cache' : manifest ? 'public, no-cache' : IMMUTABLE;
    reply.header('Cache-Control', cacheControl);
    if (artifacts) {
      let checked: CheckedFile | null;
      try {
        checked = await artifacts.file(wanted.remote, wanted.version, wanted.file);
      } catch (error) {
        // A file whose bytes are not its manifest's is never sent (the cache logged which and why).
        request.log.error({ err: error, url: request.url }, 'a release file is refused');
        reply.code(error instanceof ArtifactRefused ? 502 : 503).header('Cache-Control', NEVER_CACHE);
        return { error: 'This file is not available' };
      }
      if (checked) return sendReleaseFile(request, reply, wanted.file, sent.contentType, { checked });
    }
    return sendReleaseFile(request, reply, wanted.file, sent.contentType, {
      root: path.resolve(options.releasesDir),
      file: `${wanted.remote}/${wanted.version}/${wanted.file}`,
    });
  });

  /**
   * A file of the shell (its chunks, styles, images): from the live shell version, else from the older served ones,
   * so a page opened before a deploy still loads its chunks (shell/dist while no shell is published). Hashed files
   * are immutable; the page itself is served by servePage, with this response's nonce on its scripts.
   */
  const serveShellFile = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw.url ?? '';
    const file = shellFileOf(raw);
    const pathName = raw.split('?')[0] ?? '';
    if (!file || normalisedPath(pathName) === '/index.html' || !servablePath(pathName))
      return reply.callNotFound();
    const hashed = HASHED_FILE.test(file);
    let found;
    try {
      // A hashed file is the same in any version that has it: the registry of the last second will do, and a
      // version made live since is looked for in a fresh reading before the file is refused. An unhashed file
      // (favicon.svg) is the live version's, read fresh.
      found =
        (hashed ? await shellSource.file(await registryNow(), file) : null) ??
        (await shellSource.file(await registryNow(true), file));
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'a shell file cannot be read');
      reply.code(503).header('Cache-Control', NEVER_CACHE);
      return { error: 'This file is not available' };
    }
    if (!found) return reply.callNotFound();
    // A shell file is a release file: the allow-list's type and headers, as for a remote's (release-files.ts).
    const sent = releaseFileResponse(file);
    reply.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache').headers(sent.headers);
    return sendReleaseFile(request, reply, file, sent.contentType, found);
  };

  /** The live shell's page, for a browser-rendered answer (no server render, or a render that failed). */
  const shellPage = async () => {
    const shell = await shellSource.live(await registryNow(true));
    return fs.readFile(path.join(shell.dir, 'index.html'), 'utf8');
  };
  // Every other GET is a route of the single-page app: the shell decides what it shows (including 404). A route of
  // its own, not the not-found handler, so that @fastify/compress (which hooks onto routes) compresses the pages:
  // a server-rendered /products is ~110 KB of HTML and ~20 KB gzipped. Static files and the other routes are more
  // specific and answer first.
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (renderer) {
      try {
        const visitor = knownVisitor(request, reply);
        const page = await renderer.render({
          url: request.url,
          ip: request.ip,
          cookie: request.headers.cookie,
          visitor,
        });
        if (page) {
          metrics.pageServed(page);
          served.add(visitor.sessionId, networkOf(request.ip), page.canarySessions);
          for (const problem of page.problems) request.log.warn({ url: request.url }, problem);
          // The ETag is the page's before this response's nonce: a revalidation of an unchanged page is a 304.
          const etag = `W/"${createHash('sha1').update(page.html).digest('base64url')}"`;
          reply.header('ETag', etag);
          if (page.status === 200 && request.headers['if-none-match'] === etag) {
            // No Content-Type, so no fresh CSP: the browser keeps the stored page with the nonce its policy names.
            reply.removeHeader('content-type');
            return reply.code(304).send();
          }
          reply.code(page.status);
          // The page's token (this visitor's session and versions) is the only way its browser's failure reports
          // count; added per response, so the cached page stays shared by every visitor served the same versions.
          const token = signingKey
            ? pageToken(
                signingKey,
                visitor.sessionId,
                page.versions,
                page.fallbacks,
                networkOf(request.ip),
                inSpeedSample(visitor.sessionId, vitalsSampleRate, page.canaries.length > 0),
              )
            : '';
          const html = token
            ? page.html.replace(
                '<script type="application/json" id="shop-data">',
                () =>
                  `<script type="application/json" id="page-token">${scriptSafeJson(token)}</script><script type="application/json" id="shop-data">`,
              )
            : page.html;
          return withNonce(html, request.cspNonce);
        }
      } catch (error) {
        // The page is still served: the browser renders it, as before server rendering.
        request.log.error(
          { err: error, url: request.url },
          'the server render failed; the browser renders the page',
        );
      }
    }
    return withNonce(await shellPage(), request.cspNonce);
  };
  app.get('/*', async (request, reply) => {
    const pathName = request.url.split('?')[0] ?? '';
    return path.extname(pathName) ? serveShellFile(request, reply) : servePage(request, reply);
  });
  app.setNotFoundHandler(async (request, reply) => {
    // /index.html is the page too (the static plugin, which knows the file, leaves it to this handler).
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      request.url.split('?')[0] === '/index.html'
    ) {
      return servePage(request, reply);
    }
    reply.code(404).header('Cache-Control', 'no-cache');
    return { error: 'Not found' };
  });

  return app;
}
