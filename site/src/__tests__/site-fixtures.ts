import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createSiteServer } from '../server.js';
import { tempDir } from '../../../releases/src/__tests__/release-fixtures';

/**
 * A site server without server rendering on a fresh shell folder (an index.html only) and an empty registry: the
 * routes around the pages (forms, probes) under test. Its root folder is removed with `close`.
 */
export async function renderlessSite(
  prefix: string,
  options: { apiPort?: number } = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const root = await tempDir(prefix);
  const shellDir = path.join(root, 'shell');
  await fs.mkdir(shellDir, { recursive: true });
  await fs.writeFile(path.join(shellDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const app = await createSiteServer({
    shellDir,
    releasesDir: path.join(root, 'releases'),
    apiPort: options.apiPort ?? 4000,
    geoUrl: '',
    deliveryFee: 10,
    serverRender: false,
    registryStore: { readText: async () => JSON.stringify({ remotes: {} }) },
  });
  return {
    app,
    close: async () => {
      await app.close();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
