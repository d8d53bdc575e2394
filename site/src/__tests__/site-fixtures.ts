import { promises as fs } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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

/** Script text of about 80 KB, different from line to line (compresses about 16 times smaller with brotli). */
export function bigScript(marker: string): string {
  return Array.from(
    { length: 2000 },
    (_, i) => `function ${marker}_${i}(a){return a*${i}+"${(i * 7919) % 1000}"}`,
  ).join('\n');
}

export const brotli11 = (data: Buffer | string) =>
  zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
export const gzip9 = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 });

/** How many compressed copies the site has made, per encoding (its /metrics). */
export async function compressions(site: FastifyInstance): Promise<{ br: number; gzip: number }> {
  const text = (await site.inject({ method: 'GET', url: '/metrics' })).body;
  const counts = { br: 0, gzip: 0 };
  for (const match of text.matchAll(
    /^metrology_release_file_compression_seconds_count\{[^}]*encoding="(\w+)"[^}]*\} (\d+)$/gm,
  ))
    if (match[1] === 'br' || match[1] === 'gzip') counts[match[1]] = Number(match[2]);
  return counts;
}
