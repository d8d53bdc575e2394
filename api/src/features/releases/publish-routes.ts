// POST /api/releases/publish: a team's CI publishes a version over the network with a deploy token. The body is a
// release pack (releases/src/pack.ts), read as it arrives by a worker thread that unzips, checks and hashes it
// (releases/src/pack-reader.ts), one upload at a time per API process. Nothing is recorded until the pack has
// passed every check: its size, each file's path, size and SHA-256 against its manifest, the build's federation
// manifest, and its Node build loaded contained (releases/src/sandbox.ts: no environment, no secrets, no network,
// bounded time and memory). Then exactly the checked bytes are published into the registry the desk moves, live
// or staged: on the embedded database registry.json and its files into RELEASES_DIR; with DATABASE_URL the registry
// row and its files (the artifact store's blobs and manifest) in PostgreSQL, in one transaction. A refused pack
// leaves no folder, no registry row, no blob and no temporary file.
import { SHELL, isReleaseName } from '@metrology/shared/release';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PublishQuery, PublishResponse } from '@metrology/shared/contracts';
import { HttpError } from '../../lib/errors.js';
import { responses } from '../../lib/schemas.js';
import { assertRemote, callerName, releaseCaller } from './deploy-tokens.js';
import { nodeBuildModule, packModule, packReaderModule } from './pack-bridge.js';
import { registryAccess } from './registry-access.js';

/** The V8 heap an uploaded Node build may use while it is loaded (the site's renderer loads ~5 MiB builds). */
export const NODE_CHECK_MEMORY_MB = 256;
/** The whole check process's address space: the heap, Buffers, code and stacks. */
export const NODE_CHECK_ADDRESS_SPACE = 1024 * 1024 * 1024;
/** What a second upload to a busy API process is told to wait, in seconds. */
export const PUBLISH_RETRY_AFTER_S = 10;

const refused = (reason: string) =>
  new HttpError(400, `The pack is refused: ${reason}. Nothing was published.`);

export async function publishRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.shop;
  const access = registryAccess(app);
  const pack = await packModule();
  const reader = await packReaderModule();
  const limit = config.releases.packMaxBytes;
  const tooLarge = () =>
    new HttpError(
      413,
      `The pack is larger than ${limit} bytes (RELEASE_PACK_MAX_BYTES). Nothing was published.`,
    );

  // One upload at a time in this process: unzipping, hashing and the Node check each take a core and up to a
  // quarter of a GiB, and shoppers share the process. The slot is taken before a byte of the body is read and
  // given back when the answer has gone (or the caller has gone).
  let busy = false;
  const takeSlot = async (request: FastifyRequest, reply: FastifyReply) => {
    if (busy) {
      reply.header('retry-after', String(PUBLISH_RETRY_AFTER_S));
      throw new HttpError(
        429,
        `Another publish is being checked on this server; try again in ${PUBLISH_RETRY_AFTER_S} s. Nothing was published.`,
      );
    }
    busy = true;
    let given = false;
    const giveBack = () => {
      if (given) return;
      given = true;
      busy = false;
    };
    reply.raw.once('close', giveBack);
    request.raw.once('close', () => {
      if (reply.raw.writableFinished || reply.raw.destroyed) giveBack();
    });
  };

  // Only this plugin reads packs (routes registered elsewhere keep their own parsers and limits). Read here rather
  // than with parseAs, so an oversized pack is refused with a message that says which limit.
  app.addContentTypeParser(
    pack.PACK_CONTENT_TYPE,
    async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge();
      try {
        return await reader.readPackInWorker(payload as AsyncIterable<Buffer>, { packBytes: limit });
      } catch (error) {
        if (error instanceof reader.PackTooLarge) throw tooLarge();
        if (error instanceof pack.PackError) throw refused(error.message);
        throw error;
      }
    },
  );
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/releases/publish',
    {
      // Before a byte of the body is read: a caller without a live token that may publish this remote sends
      // nothing, and neither does one that finds the server checking another upload.
      onRequest: [releaseCaller(app, 'publish'), takeSlot],
      bodyLimit: limit + 1,
      schema: {
        tags: ['releases'],
        summary: `Publish a version from a release pack (${pack.PACK_CONTENT_TYPE}, at most ${limit} bytes) with a deploy token that may publish the remote; live, or staged=true. One upload at a time per server: 429 with Retry-After when busy`,
        querystring: PublishQuery,
        response: responses(PublishResponse),
      },
    },
    async (request) => {
      const { remote, version, commit, staged, clientOnly } = request.query;
      const registry = await access.module();
      // The shell is published like a remote (never staged nor client-only: publishRelease refuses those).
      if (!isReleaseName(remote))
        throw new HttpError(400, `Unknown remote '${remote}' (one of ${registry.RELEASE_NAMES.join(', ')})`);
      assertRemote(request, remote);
      const checked = request.body;
      if (!(checked instanceof reader.CheckedPack))
        throw new HttpError(415, `The body must be a release pack (content-type ${pack.PACK_CONTENT_TYPE}).`);
      const where = await access.where();
      if (await registry.isPublished(where.store, remote, version))
        throw new HttpError(
          409,
          `${remote} ${version} is already published; versions are immutable, choose another --version`,
        );
      if (checked.manifest.remote !== remote || checked.manifest.version !== version)
        throw refused(
          `it holds ${checked.manifest.remote} ${checked.manifest.version}, not ${remote} ${version}`,
        );
      const files = checked.files.filter(
        (file) => !(clientOnly === 'true' && file.path.startsWith('server/')),
      );
      try {
        registry.assertBuildFiles(remote, files, 'the pack');
      } catch (error) {
        if (error instanceof registry.ReleaseError) throw refused(error.message);
        throw error;
      }
      let pages = 0;
      if (clientOnly !== 'true') {
        const nodeBuild = await nodeBuildModule();
        const entry = remote === SHELL.dir ? 'server/render.js' : 'server/remoteEntry.js';
        if (!files.some((file) => file.path === entry))
          throw refused(
            `it has no Node build (${entry}), so the site could not render ${remote}'s pages; publish both builds, or pass --client-only`,
          );
        const loading = Date.now();
        try {
          const loaded = await nodeBuild.checkNodeBuild(
            files,
            remote,
            version,
            {
              timeoutMs: config.releases.nodeCheckMs,
              heapMb: NODE_CHECK_MEMORY_MB,
              memoryBytes: NODE_CHECK_ADDRESS_SPACE,
            },
            config.releases.workDir,
          );
          pages = loaded.pages.length;
        } catch (error) {
          throw refused(
            `the Node build of ${remote} ${version} does not load (${nodeBuild.boundedReason(error instanceof Error ? error.message : String(error))})`,
          );
        }
        request.log.info({ remote, version, pages, ms: Date.now() - loading }, 'uploaded Node build loaded');
      }
      let release: Awaited<ReturnType<typeof registry.publishRelease>>;
      try {
        // Exactly the bytes that were checked: the version is written from the pack in memory.
        release = await registry.publishRelease({
          ...where,
          remote,
          files,
          version,
          commit: commit ?? 'unknown',
          by: await callerName(app, request),
          ...(staged === 'true' ? { staged: true } : {}),
          ...(clientOnly === 'true' ? { clientOnly: true } : {}),
          ...(config.releases.workDir ? { workDir: config.releases.workDir } : {}),
        });
      } catch (error) {
        if (error instanceof registry.ReleaseError) throw new HttpError(409, error.message);
        throw error;
      }
      const bytes = files.reduce((sum, file) => sum + file.data.length, 0);
      request.log.warn(
        { remote, version, live: release.live, tokenId: request.deployToken?.id },
        'release published',
      );
      return {
        success: true,
        message: release.live
          ? `Published ${remote} ${version}; it is live now${release.previous ? ` (was ${release.previous})` : ''}.`
          : `Published ${remote} ${version}, staged: ${release.previous ?? 'the live version'} stays live; preview it or roll it out.`,
        remote,
        version,
        live: release.live,
        ...(release.previous ? { previous: release.previous } : {}),
        ...(release.endedRollout ? { endedRollout: release.endedRollout } : {}),
        files: files.length,
        bytes,
        pages,
      };
    },
  );
}
