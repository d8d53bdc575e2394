// POST /api/releases/publish (issue 33): a team's CI publishes a version over the network with a deploy token. The
// body is a release pack (releases/src/pack.ts). Nothing is recorded until the pack has passed every check:
// its size, each file's path, size and SHA-256 against its manifest, the build's federation manifest, and its Node
// build loaded in a child process with a time and memory limit; then the version is published into the registry the
// desk moves, live or staged: on the embedded database registry.json and its files into RELEASES_DIR; with
// DATABASE_URL the registry row and its files (the artifact store's blobs and manifest) in PostgreSQL, in one
// transaction. A refused pack leaves no folder, no registry row, no blob and no temporary file.
import { isReleaseName } from '@metrology/shared/release';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PublishQuery, PublishResponse } from '@metrology/shared/contracts';
import { HttpError } from '../../lib/errors.js';
import { responses } from '../../lib/schemas.js';
import { assertRemote, callerName, releaseCaller } from './deploy-tokens.js';
import { nodeBuildModule, packModule } from './pack-bridge.js';
import { registryAccess } from './registry-access.js';

/** The V8 heap an uploaded Node build may use while it is loaded (the site's renderer loads ~5 MiB builds). */
export const NODE_CHECK_MEMORY_MB = 256;

/** Where packs are unpacked while they are checked; each in a folder of its own, always removed. */
export const UNPACK_PREFIX = 'metrology-pack-';

const refused = (reason: string) =>
  new HttpError(400, `The pack is refused: ${reason}. Nothing was published.`);

export async function publishRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.shop;
  const access = registryAccess(app);
  const pack = await packModule();
  const limit = config.releases.packMaxBytes;
  const tooLarge = () =>
    new HttpError(
      413,
      `The pack is larger than ${limit} bytes (RELEASE_PACK_MAX_BYTES). Nothing was published.`,
    );
  // Only this plugin reads packs (routes registered elsewhere keep their own parsers and limits). Read here rather
  // than with parseAs, so an oversized pack is refused with a message that says which limit.
  app.addContentTypeParser(
    pack.PACK_CONTENT_TYPE,
    async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge();
      const chunks: Buffer[] = [];
      let received = 0;
      for await (const chunk of payload) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        received += bytes.length;
        if (received > limit) throw tooLarge();
        chunks.push(bytes);
      }
      return Buffer.concat(chunks);
    },
  );
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/releases/publish',
    {
      // Before a byte of the body is read: a caller without a live token that may publish this remote sends nothing.
      onRequest: releaseCaller(app, 'publish'),
      bodyLimit: limit + 1,
      schema: {
        tags: ['releases'],
        summary: `Publish a version from a release pack (${pack.PACK_CONTENT_TYPE}, at most ${limit} bytes) with a deploy token that may publish the remote; live, or staged=true`,
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
      const body = request.body;
      if (!Buffer.isBuffer(body))
        throw new HttpError(415, `The body must be a release pack (content-type ${pack.PACK_CONTENT_TYPE}).`);
      const where = await access.where();
      if (await registry.isPublished(where.releasesDir, remote, version, where.store))
        throw new HttpError(
          409,
          `${remote} ${version} is already published; versions are immutable, choose another --version`,
        );

      let checked: ReturnType<typeof pack.readPack>;
      try {
        checked = pack.readPack(body, { packBytes: limit });
      } catch (error) {
        if (error instanceof pack.PackError) throw refused(error.message);
        throw error;
      }
      if (checked.manifest.remote !== remote || checked.manifest.version !== version)
        throw refused(
          `it holds ${checked.manifest.remote} ${checked.manifest.version}, not ${remote} ${version}`,
        );

      const work = await fs.mkdtemp(path.join(tmpdir(), UNPACK_PREFIX));
      try {
        const buildDir = path.join(work, 'build');
        await pack.unpackInto(buildDir, checked.files);
        try {
          await registry.assertBuildOf(remote, buildDir);
        } catch (error) {
          if (error instanceof registry.ReleaseError)
            throw refused(error.message.replace(buildDir, 'the pack'));
          throw error;
        }
        let pages = 0;
        if (clientOnly !== 'true') {
          const nodeBuild = await nodeBuildModule();
          if (!(await nodeBuild.hasNodeBuild(buildDir, remote)))
            throw refused(
              `it has no Node build (server/remoteEntry.js), so the site could not render ${remote}'s pages; publish both builds, or pass --client-only`,
            );
          const loading = Date.now();
          try {
            // A minimal environment: the build's code never sees the API's database address or keys.
            const loaded = await nodeBuild.loadNodeBuild(buildDir, remote, {
              timeoutMs: config.releases.nodeCheckMs,
              memoryMb: NODE_CHECK_MEMORY_MB,
              env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
            });
            pages = loaded.pages.length;
          } catch (error) {
            throw refused(
              `the Node build of ${remote} ${version} does not load (${error instanceof Error ? error.message : String(error)})`,
            );
          }
          request.log.info(
            { remote, version, pages, ms: Date.now() - loading },
            'uploaded Node build loaded',
          );
        }
        let release: Awaited<ReturnType<typeof registry.publishRelease>>;
        try {
          release = await registry.publishRelease({
            ...where,
            remote,
            distDir: buildDir,
            version,
            commit: commit ?? 'unknown',
            by: await callerName(app, request),
            ...(staged === 'true' ? { staged: true } : {}),
            ...(clientOnly === 'true' ? { clientOnly: true } : {}),
          });
        } catch (error) {
          if (error instanceof registry.ReleaseError) throw new HttpError(409, error.message);
          throw error;
        }
        const bytes = checked.files.reduce((sum, file) => sum + file.data.length, 0);
        request.log.warn(
          { remote, version, live: release.live, token: request.deployToken?.id },
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
          files: checked.files.length,
          bytes,
          pages,
        };
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },
  );
}
