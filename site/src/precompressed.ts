// The immutable files of the shell and the remote versions, compressed once each with brotli at quality 11 and gzip
// at level 9, and served as those bytes from then on (never compressed again per request, as @fastify/compress does
// for pages). A copy is made on the file's first request with a coding the client accepts, on zlib's threadpool
// (never on the event loop; at most two at a time, so file reads keep threads of their own), and kept under the
// SHA-256 of the file it was made from: the same bytes in several versions share one copy.
//
// Where copies are kept: in memory, and on disk in the site's own cache folder when it has one (SITE_CACHE_DIR, with
// the artifact store in PostgreSQL). Not in the release folder or the artifact store: the site process may not write
// RELEASES_DIR and reads the database through a role that may only SELECT, a version is never rewritten once
// published, and a version published before this existed is served the same way. On the embedded database the site
// process writes nowhere (tools/src/site-process.mjs), so there a copy lives as long as the process. A copy read
// back from disk is decompressed and checked against the SHA-256 it is named after before it is served, as every
// cached file is (artifacts.ts): a copy changed on disk is thrown away and made again.
import path from 'node:path';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { promisify } from 'node:util';
import { sha256Of } from '@metrology/releases/artifact-store';
import { releaseFileType } from '@metrology/releases/file-types';
import type { ReleaseFileKind } from '@metrology/releases/file-types';

export type Encoding = 'br' | 'gzip';
export type ContentCoding = Encoding | 'identity';

/** Below this a file is sent as it is (as @fastify/compress's threshold for pages): a header costs more than it saves. */
export const PRECOMPRESS_MIN_BYTES = 1024;
/** Copies kept in memory, most recently used last. */
const MEMORY_BYTES = 64 * 1024 * 1024;
/** Compressions running at once: the libuv threadpool has four threads, and file reads need some too. */
const CONCURRENT = 2;

/** Text the browser reads: scripts, styles, JSON, source maps, SVG and text. Fonts (woff2 is brotli inside) and raster images are compressed already. */
const COMPRESSIBLE: ReadonlySet<ReleaseFileKind> = new Set([
  'script',
  'style',
  'json',
  'source-map',
  'svg',
  'text',
]);

/** Whether a release file of this path is served precompressed (by its allow-listed type). */
export function precompressible(file: string): boolean {
  const type = releaseFileType(file);
  return type !== undefined && COMPRESSIBLE.has(type.kind);
}

/**
 * The coding to send a precompressed file in, from the request's Accept-Encoding with its q-values: the acceptable
 * one (q > 0) of br and gzip with the highest q, br on a tie; `*` stands for any not named, `x-gzip` is gzip.
 * Identity when neither is acceptable, or when identity is named with a higher q than both.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentCoding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const named = new Map<string, number>();
  for (const part of text.split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param);
      if (match) q = Math.min(1, Math.max(0, Number(match[1]) || 0));
    }
    const name = coding === 'x-gzip' ? 'gzip' : coding;
    named.set(name, Math.max(named.get(name) ?? 0, q));
  }
  const qOf = (coding: string) => named.get(coding) ?? named.get('*') ?? 0;
  const br = qOf('br');
  const gzip = qOf('gzip');
  const best = Math.max(br, gzip);
  if (best <= 0 || (named.get('identity') ?? 0) > best) return 'identity';
  return br >= gzip ? 'br' : 'gzip';
}

const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    promisify(zlib.brotliCompress)(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => promisify(zlib.gzip)(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
};
/** At most `size` bytes out: a copy that would inflate past its file's size is not its file's. */
const decompressors: Record<Encoding, (data: Buffer, size: number) => Promise<Buffer>> = {
  br: (data, size) => promisify(zlib.brotliDecompress)(data, { maxOutputLength: Math.max(1, size) }),
  gzip: (data, size) => promisify(zlib.gunzip)(data, { maxOutputLength: Math.max(1, size) }),
};
const SUFFIX: Record<Encoding, string> = { br: 'br', gzip: 'gz' };

export interface CompressedCopies {
  /**
   * The file's copy in `encoding`: from memory, else from the cache folder (checked), else made now off the event
   * loop (concurrent callers share one compression) and kept. null when the copy is no smaller than the file, or
   * cannot be made (logged): the file is then sent as it is.
   * @param sha256 the file's SHA-256 (hex), its identity
   * @param size the file's size in bytes
   * @param original reads the file's bytes, asked only when a copy must be made or checked
   */
  copy(
    sha256: string,
    size: number,
    encoding: Encoding,
    original: () => Promise<Buffer>,
  ): Promise<Buffer | null>;
}

export function createCompressedCopies(options: {
  /** the folder copies are written to (the site's cache folder), or none: memory only */
  dir?: string;
  log: (message: string) => void;
  /** each compression made, with its encoding and time (the site's metrics) */
  compressed?: (encoding: Encoding, seconds: number) => void;
}): CompressedCopies {
  const dir = options.dir ? path.resolve(options.dir) : undefined;
  const memory = new Map<string, Buffer>();
  let memoryBytes = 0;
  const making = new Map<string, Promise<Buffer | null>>();
  let running = 0;
  const waiting: (() => void)[] = [];
  let writeRefused = false;

  const remember = (key: string, copy: Buffer) => {
    memory.set(key, copy);
    memoryBytes += copy.length;
    for (const [oldest, kept] of memory) {
      if (memoryBytes <= MEMORY_BYTES) break;
      memory.delete(oldest);
      memoryBytes -= kept.length;
    }
  };

  /** Runs `work` when fewer than CONCURRENT compressions are running. */
  const limited = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };

  /** A copy kept in the cache folder, when it decompresses to the file it is named after; a bad one is removed. */
  const fromDisk = async (
    file: string,
    sha256: string,
    size: number,
    encoding: Encoding,
  ): Promise<Buffer | null> => {
    const copy = await fs.readFile(file).catch(() => null);
    if (!copy) return null;
    const back = await decompressors[encoding](copy, size).catch(() => null);
    if (back && sha256Of(back) === sha256) return copy;
    options.log(
      `the compressed copy ${path.basename(file)} is refused (it is not its file's); it is made again`,
    );
    await fs.rm(file, { force: true });
    return null;
  };

  /** Written beside its place, then renamed into it: a copy is never seen half-written. */
  const toDisk = async (file: string, copy: Buffer) => {
    if (writeRefused) return;
    const incoming = `${file}.${randomBytes(4).toString('hex')}.incoming`;
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(incoming, copy);
      await fs.rename(incoming, file);
    } catch (error) {
      await fs.rm(incoming, { force: true }).catch(() => undefined);
      // Kept in memory only from then on; said once.
      writeRefused = true;
      options.log(
        `compressed copies cannot be written to ${dir} (${error instanceof Error ? error.message : String(error)}); they are kept in memory only`,
      );
    }
  };

  const make = async (
    sha256: string,
    size: number,
    encoding: Encoding,
    original: () => Promise<Buffer>,
  ): Promise<Buffer> => {
    // The name of a file in the cache folder: a SHA-256 and nothing else.
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('its SHA-256 is not 64 hex digits');
    const file = dir ? path.join(dir, sha256.slice(0, 2), `${sha256}.${SUFFIX[encoding]}`) : undefined;
    let copy = file ? await fromDisk(file, sha256, size, encoding) : null;
    if (!copy) {
      const data = await original();
      copy = await limited(async () => {
        const started = process.hrtime.bigint();
        const made = await compressors[encoding](data);
        options.compressed?.(encoding, Number(process.hrtime.bigint() - started) / 1e9);
        return made;
      });
      if (file) await toDisk(file, copy);
    }
    return copy;
  };

  return {
    async copy(sha256, size, encoding, original) {
      const key = `${sha256}.${encoding}`;
      const kept = memory.get(key);
      if (kept) {
        memory.delete(key);
        memory.set(key, kept);
        return kept.length < size ? kept : null;
      }
      let pending = making.get(key);
      if (!pending) {
        pending = make(sha256, size, encoding, original).then(
          (made) => {
            // A copy no smaller than its file is kept too, so it is not made again.
            remember(key, made);
            return made;
          },
          (error: unknown) => {
            options.log(
              `${sha256} cannot be compressed with ${encoding} (${error instanceof Error ? error.message : String(error)}); it is sent as it is`,
            );
            return null;
          },
        );
        making.set(key, pending);
        void pending.finally(() => making.delete(key));
      }
      const made = await pending;
      return made && made.length < size ? made : null;
    },
  };
}
