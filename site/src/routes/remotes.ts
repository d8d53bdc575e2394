// The remotes: /remotes/registry.json, the live pointer as this visitor sees it, and /remotes/<remote>/<version>/
// <file>, the files of published versions and nothing else of RELEASES_DIR (release-files.ts).
import { rolloutBucket, versionForVisitor } from '@metrology/shared/release';
import { ArtifactRefused } from '../artifacts.js';
import { fileAudience, registryForPublic, releaseFileOf, releaseFileResponse } from '../release-files.js';
import { networkOf, visitorOf } from '../render/visitor.js';
import type { FastifyInstance } from 'fastify';
import type { ReleaseFileSource } from '../release-file-sender.js';
import type { SiteContext } from '../site-context.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NEVER_CACHE = 'no-store, max-age=0';

export async function remoteRoutes(app: FastifyInstance, { site }: { site: SiteContext }) {
  // The registry is the live pointer: never cached, so a publish or rollback shows on the next page load.
  app.get('/remotes/registry.json', async (request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    reply.header('Access-Control-Allow-Origin', '*');
    reply.type('application/json');
    // A damaged registry.json (cut short by a bad write) is never sent: the last good copy is, and the damage is
    // logged and shown by /readyz and `release status`.
    const reading = await site.registry.read();
    reply.header('X-Registry-Source', reading.source);
    // The browser is given its own view, as a server-rendered page is: the versions decided for this visitor.
    const visitor = site.knownVisitor(request, reply);
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

  // A version's files never change: cached for a year, except its manifest, which the browser's loader asks for
  // on every page load (revalidated, so cheap): that request, with the visitor's session cookie, is how this
  // server sees a session really run a version in a rollout, which is what the rollout is judged on (not a page
  // fetch alone).
  app.get('/remotes/*', async (request, reply) => {
    const wanted = releaseFileOf(request.raw.url ?? '');
    const registry = wanted ? await site.registry.parsed() : null;
    const entry = wanted ? registry?.remotes[wanted.remote] : undefined;
    const visitor = visitorOf(request.headers.cookie, site.signingKey);
    const previewed = visitor.preview?.remote === wanted?.remote ? (visitor.preview?.version ?? null) : null;
    const audience = wanted ? fileAudience(entry, wanted.version, previewed) : null;
    if (!wanted || !entry || !audience) {
      reply.code(404).header('Cache-Control', 'no-cache');
      return { error: 'Not found' };
    }
    if (entry.rollout && !visitor.isNew && !visitor.preview) {
      const decided = versionForVisitor(entry, { bucket: rolloutBucket(visitor.sessionId, wanted.remote) });
      if (decided.version === wanted.version)
        site.served.add(visitor.sessionId, networkOf(request.ip), [
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
    let found: ReleaseFileSource | null;
    try {
      found = await site.files.file(wanted.remote, wanted.version, wanted.file);
    } catch (error) {
      // A file whose bytes are not its manifest's is never sent (the cache logged which and why).
      request.log.error({ err: error, url: request.url }, 'a release file is refused');
      reply.code(error instanceof ArtifactRefused ? 502 : 503).header('Cache-Control', NEVER_CACHE);
      return { error: 'This file is not available' };
    }
    if (!found) {
      reply.code(404).header('Cache-Control', 'no-cache');
      return { error: 'Not found' };
    }
    return site.sendReleaseFile(request, reply, wanted.file, sent.contentType, found);
  });
}
