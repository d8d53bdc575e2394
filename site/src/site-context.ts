// What the site's route plugins share, made once per server from its options: the URLs it tells browsers, the
// registry reader, the release file sender, the shell's source, the page renderer, the visitor's session and the
// rollout's session counts. Each route plugin (routes/) takes this and adds its routes.
import path from 'node:path';
import { tmpdir } from 'node:os';
import { promises as fs } from 'node:fs';
import { createArtifactCache } from './artifacts.js';
import { createCompressedCopies } from './precompressed.js';
import { createPageRenderer } from './render/page-renderer.js';
import { browserGeoUrl, createGeoLookup } from './render/geo.js';
import { createServedCounter } from './render/served-counter.js';
import { sessionCookie, visitorOf } from './render/visitor.js';
import { createRegistryReader } from './registry-reading.js';
import { createReleaseFileSender } from './release-file-sender.js';
import { createShellSource } from './shell-versions.js';
import { folderVersionFiles, storedVersionFiles } from './version-files.js';
import { DEFAULT_SHELL_VERSIONS_SERVED } from './shell-versions.js';
import { DEFAULT_VITALS_SAMPLE_RATE } from './render/visitor.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteOptions } from './options.js';
import type { createSiteMetrics } from './metrics.js';

const trimmed = (url: string) => url.replace(/\/+$/, '');

/**
 * The site's public URLs, from configuration only, never from Host, X-Forwarded-Host, Origin or Referer; without
 * SITE_URL, http://localhost:<the port it listens on>.
 */
function siteAddresses(app: FastifyInstance, options: SiteOptions) {
  let siteOrigin: string | undefined = options.siteUrl ? trimmed(options.siteUrl) : undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!siteOrigin && address && typeof address === 'object')
      siteOrigin = `http://localhost:${address.port}`;
  });
  /** The API's URL as browsers reach it: configured, or (behind nginx) this site's own configured origin. */
  const apiBaseUrl = () =>
    trimmed(
      options.publicApiUrl ||
        (options.apiOnSiteOrigin && siteOrigin ? siteOrigin : `http://localhost:${options.apiPort}`),
    );
  return {
    apiBaseUrl,
    /** where this server calls the API */
    apiInternalUrl: trimmed(options.apiInternalUrl || `http://127.0.0.1:${options.apiPort}`),
    /** The run-time config the browser gets (/config.json, and inside every server-rendered page). */
    browserConfig: () => ({
      apiBaseUrl: apiBaseUrl(),
      geoUrl: browserGeoUrl(options.geoUrl),
      registryUrl: '/remotes/registry.json',
      deliveryFee: options.deliveryFee,
      siteOrigin: siteOrigin ?? 'http://localhost:8080',
    }),
    /** Cookies are Secure when the site's public URL is https (behind a TLS-terminating balancer). */
    secureCookies: () => (siteOrigin ?? '').startsWith('https:'),
  };
}

export async function createSiteContext(
  app: FastifyInstance,
  options: SiteOptions,
  metrics: ReturnType<typeof createSiteMetrics>,
) {
  const urls = siteAddresses(app, options);
  const signingKey = options.releaseSigningKey || undefined;
  const registry = createRegistryReader({
    releasesDir: options.releasesDir,
    store: options.registryStore,
  });
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
  const files = artifacts
    ? storedVersionFiles({
        cache: artifacts,
        releasesDir: options.releasesDir,
        warn: (message) => app.log.warn(message),
      })
    : folderVersionFiles(options.releasesDir);
  const sendReleaseFile = createReleaseFileSender(
    createCompressedCopies({
      ...(cacheDir ? { dir: path.join(cacheDir, '.compressed') } : {}),
      log: (message) => app.log.error(`compressed copies: ${message}`),
      compressed: metrics.compressed,
    }),
  );
  const shellSource = createShellSource({
    shellDir: options.shellDir,
    files,
    versionsServed: options.shellVersionsServed ?? DEFAULT_SHELL_VERSIONS_SERVED,
    warn: (message) => app.log.warn(message),
  });
  const renderer =
    options.serverRender === false
      ? null
      : createPageRenderer({
          shellDir: options.shellDir,
          shellSource,
          files,
          apiInternalUrl: urls.apiInternalUrl,
          browserConfig: urls.browserConfig,
          readRegistry: registry.read,
          indianVisitor: createGeoLookup({
            geoUrl: options.geoUrl,
            ...(options.geoCacheMs === undefined ? {} : { cacheMs: options.geoCacheMs }),
          }),
          warn: (message) => app.log.warn(message),
          observe: metrics.renderer,
          ...(options.pageCacheMs === undefined ? {} : { cacheMs: options.pageCacheMs }),
        });
  const served = createServedCounter({
    apiUrl: urls.apiInternalUrl,
    signingKey,
    ...(options.servedFlushMs ? { everyMs: options.servedFlushMs } : {}),
    warn: (message) => app.log.warn(message),
  });
  app.addHook('onClose', async () => {
    served.stop();
    await served.flush();
  });

  return {
    urls,
    signingKey,
    vitalsSampleRate: options.vitalsSampleRate ?? DEFAULT_VITALS_SAMPLE_RATE,
    registry,
    files,
    sendReleaseFile,
    shellSource,
    renderer,
    served,
    metrics,
    /** This request's visitor; a new one gets their session cookie (their rollout buckets) on this response. */
    knownVisitor(request: FastifyRequest, reply: FastifyReply) {
      const visitor = visitorOf(request.headers.cookie, signingKey);
      if (visitor.isNew) reply.header('Set-Cookie', sessionCookie(visitor.cookie, urls.secureCookies()));
      return visitor;
    },
  };
}

export type SiteContext = Awaited<ReturnType<typeof createSiteContext>>;
