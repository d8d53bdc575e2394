// Small generated builds and packs for the publish-over-the-network tests: never the real webpack build.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_ENGINE } from '../../../__tests__/helpers/test-database.js';
import { packModule, type PackModule } from '../pack-bridge.js';
import { registryModule } from '../../back-office/registry-bridge.js';
import { registryAccess } from '../registry-access.js';

/** The pack writer of releases/src/pack.ts, as the tests use it. */
export type PackWriter = PackModule;

export const packWriter = (): Promise<PackWriter> => packModule();

/** How the build's Node half behaves when loaded: as a real one, throwing, or never finishing. */
export type NodeHalf = 'loads' | 'throws' | 'hangs' | 'none';

const NODE_ENTRIES: Record<Exclude<NodeHalf, 'none'>, string> = {
  loads: `module.exports = {
  init: async () => undefined,
  get: async (module) => () => ({ default: function Page() { return module; } }),
};
`,
  throws: `throw new Error('this Node build is broken');\n`,
  hangs: `setInterval(() => undefined, 1000);
module.exports = { init: () => new Promise(() => undefined), get: async () => () => ({}) };
`,
};

/** The files of a minimal production build of a remote: its federation manifest, its entry, its Node build. */
export function buildFiles(
  remote: string,
  marker: string,
  node: NodeHalf = 'loads',
): { path: string; data: Buffer }[] {
  const name = remote.replace(/-/g, '_');
  const files = [
    {
      path: 'mf-manifest.json',
      data: Buffer.from(
        JSON.stringify({
          id: name,
          name,
          metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '' } },
        }),
      ),
    },
    { path: 'remoteEntry.js', data: Buffer.from(`/* ${remote} ${marker} */`) },
    { path: 'static/js/page.js', data: Buffer.from(`/* ${marker} page */`) },
  ];
  if (node !== 'none') files.push({ path: 'server/remoteEntry.js', data: Buffer.from(NODE_ENTRIES[node]) });
  return files;
}

export function publishCall(
  app: FastifyInstance,
  contentType: string,
  pack: Buffer,
  query: Record<string, string>,
  secret?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/releases/publish?${new URLSearchParams(query).toString()}`,
    headers: { 'content-type': contentType, ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
    payload: pack,
  });
}

/** Every path under a folder (files and folders), sorted: what "nothing left behind" compares. */
export async function everything(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true }).catch(() => []);
  return entries.map(String).sort();
}

/** The unpack folders in a work folder now. */
export async function unpackFolders(prefix: string, dir: string): Promise<string[]> {
  return (await fs.readdir(dir))
    .filter((name) => name.startsWith(prefix))
    .map((name) => path.join(dir, name));
}

/** A published file's bytes: from RELEASES_DIR on the embedded database, from the artifact store on PostgreSQL. */
export async function publishedFileOf(
  app: FastifyInstance,
  releasesDir: string,
  remote: string,
  version: string,
  file: string,
): Promise<string> {
  if (TEST_ENGINE === 'pglite') return fs.readFile(path.join(releasesDir, remote, version, file), 'utf8');
  const artifacts = (await registryAccess(app).store())?.artifacts;
  const entry = (await artifacts?.manifest(remote, version))?.files.find(
    (candidate) => candidate.path === file,
  );
  const blob = entry ? (await artifacts?.blobs([entry.sha256]))?.get(entry.sha256) : undefined;
  if (!blob) throw new Error(`${remote} ${version} ${file} is not in the artifact store`);
  return blob.toString('utf8');
}

/**
 * Publishes `versions` of `remote` into a new RELEASES_DIR under `work` (each a browser build of a manifest and an
 * entry, no Node build) and makes the first one live again: the live version and the canaries a rollout test needs.
 */
export async function publishedVersions(work: string, remote: string, versions: string[]): Promise<string> {
  const releasesDir = path.join(work, 'releases');
  const registry = await registryModule();
  const name = remote.replace(/-/g, '_');
  for (const version of versions) {
    const dist = await fs.mkdtemp(path.join(work, `dist-${version}-`));
    await fs.writeFile(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({
        id: name,
        name,
        metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '' } },
      }),
    );
    await fs.writeFile(path.join(dist, 'remoteEntry.js'), `/* ${remote} ${version} */`);
    await registry.publishRelease({
      store: registry.releaseStore(releasesDir),
      remote,
      distDir: dist,
      version,
      commit: 'c0ffee1',
    });
  }
  await registry.rollbackRelease({
    store: registry.releaseStore(releasesDir),
    remote,
    to: versions[0] ?? '',
    by: 'setup',
  });
  return releasesDir;
}
