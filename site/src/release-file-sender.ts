// How a release file (a remote's or the shell's) goes out: checked bytes from the artifact store, or a file on
// disk (RELEASES_DIR, shell/dist). Text goes out as its compressed copy in the coding the client prefers (br, else
// gzip), made once (precompressed.ts), with an ETag of its own per coding and Vary: Accept-Encoding; anything
// else, or a client that accepts neither, gets the file's own bytes. Never compressed on the way.
import path from 'node:path';
import { promises as fs } from 'node:fs';
import { sha256Of } from '@metrology/releases/artifact-store';
import { PRECOMPRESS_MIN_BYTES, negotiateEncoding, precompressible } from './precompressed.js';
import { sendBytes } from './send-bytes.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
// reply.sendFile: @fastify/static's addition to the reply (server.ts registers the plugin).
import type {} from '@fastify/static';
import type { CheckedFile } from './artifacts.js';
import type { CompressedCopies, ContentCoding } from './precompressed.js';

/** How many files of RELEASES_DIR and shell/dist have their SHA-256 remembered (by path, size and mtime). */
const DISK_HASHES_KEPT = 20_000;
/**
 * How long a request waits for a file's compressed copy to be made. A copy that takes longer (a big chunk at brotli
 * 11 on a busy machine, the first request after a deploy) goes on being made for the next request, and this one
 * gets the file's own bytes, cached briefly rather than for a year so the compressed copy replaces it.
 */
const COPY_WAIT_MS = 1500;
const NOT_YET = 'public, max-age=60';

/** Where a release file's bytes are: checked bytes from the artifact store, or a file under a folder. */
export type ReleaseFileSource = { checked: CheckedFile } | { root: string; file: string };

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

export function createReleaseFileSender(copies: CompressedCopies) {
  /** The SHA-256 of files read from disk, so a file served again is not hashed again: path -> size, mtime, hash. */
  const diskHashes = new Map<string, { size: number; mtimeMs: number; sha256: string }>();

  /**
   * A release file in the coding asked for: its compressed copy when one is worth it and ready (copySoon), else
   * its own bytes (too small to gain, the copy failed and was logged, or it is still being made: then cached
   * briefly).
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

  /** The caller has set Cache-Control and the release headers; `name` is the file's name (its type decides). */
  return async function sendReleaseFile(
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    contentType: string,
    source: ReleaseFileSource,
  ) {
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
}

export type SendReleaseFile = ReturnType<typeof createReleaseFileSender>;
