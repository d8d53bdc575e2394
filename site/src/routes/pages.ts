// The pages and the shell's files: every GET the other routes do not answer. A path with an extension is a file
// of the shell (its chunks, styles, images); any other is a route of the single-page app, rendered on the server
// with the live versions (the shell decides what it shows, including 404). Also /config.json, the run-time config
// every page carries. This plugin's not-found handler is the site's (it is registered without a prefix).
import path from 'node:path';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { scriptSafeJson } from '@metrology/shared/rules';
import { releaseFileResponse } from '../release-files.js';
import { inSpeedSample, networkOf, pageToken } from '../render/visitor.js';
import { normalisedPath, servablePath } from '../safe-path.js';
import { withNonce } from '../security.js';
import { shellFileOf } from '../shell-versions.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteContext } from '../site-context.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NEVER_CACHE = 'no-store, max-age=0';
const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|svg|png|jpe?g|webp|woff2?)$/;

export async function pageRoutes(app: FastifyInstance, { site }: { site: SiteContext }) {
  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    return site.urls.browserConfig();
  });

  /**
   * A file of the shell: from the live shell version, else from the older served ones, so a page opened before a
   * deploy still loads its chunks (shell/dist while no shell is published). Hashed files are immutable; the page
   * itself is served by servePage, with this response's nonce on its scripts.
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
        (hashed ? await site.shellSource.file(await site.registry.parsed(), file) : null) ??
        (await site.shellSource.file(await site.registry.parsed(true), file));
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'a shell file cannot be read');
      reply.code(503).header('Cache-Control', NEVER_CACHE);
      return { error: 'This file is not available' };
    }
    if (!found) return reply.callNotFound();
    // A shell file is a release file: the allow-list's type and headers, as for a remote's (release-files.ts).
    const sent = releaseFileResponse(file);
    reply.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache').headers(sent.headers);
    return site.sendReleaseFile(request, reply, file, sent.contentType, found);
  };

  /** The live shell's page, for a browser-rendered answer (no server render, or a render that failed). */
  const shellPage = async () => {
    const shell = await site.shellSource.live(await site.registry.parsed(true));
    return fs.readFile(path.join(shell.dir, 'index.html'), 'utf8');
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (site.renderer) {
      try {
        const visitor = site.knownVisitor(request, reply);
        const page = await site.renderer.render({
          url: request.url,
          ip: request.ip,
          cookie: request.headers.cookie,
          visitor,
        });
        if (page) {
          site.metrics.pageServed(page);
          site.served.add(visitor.sessionId, networkOf(request.ip), page.canarySessions);
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
          const token = site.signingKey
            ? pageToken(
                site.signingKey,
                visitor.sessionId,
                page.versions,
                page.fallbacks,
                networkOf(request.ip),
                inSpeedSample(visitor.sessionId, site.vitalsSampleRate, page.canaries.length > 0),
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
        // The page is still served: the browser renders it.
        request.log.error(
          { err: error, url: request.url },
          'the server render failed; the browser renders the page',
        );
      }
    }
    return withNonce(await shellPage(), request.cspNonce);
  };

  // A route of its own, not the not-found handler, so that @fastify/compress (which hooks onto routes) compresses
  // the pages: a server-rendered /products is ~110 KB of HTML and ~20 KB gzipped. Static files and the other
  // routes are more specific and answer first.
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
}
