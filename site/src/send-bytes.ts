// One representation of a release file held in memory (its bytes as stored, or a compressed copy), sent with its own
// ETag as a static file server sends a file: a 304 for a matching If-None-Match, one byte range of these bytes for a
// Range (206, or 416 past the end), HEAD without the body (Fastify). Cache-Control and the release file headers
// are the caller's.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether If-None-Match names this ETag (weak comparison, as for a GET), or is `*`. */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const listed = (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch).split(',');
  return listed.some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * The one range `bytes=first-last`, `bytes=first-` or `bytes=-suffix` asks for in `size` bytes: its first and last
 * byte, 'unsatisfiable', or null when the header is absent, malformed or asks for several ranges (the whole is sent).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/**
 * Sends `data` as the response: 304, 206, 416 or 200 as the request's conditions ask.
 * @param encoding the Content-Encoding of `data`, or null when it is the file's own bytes
 */
export function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    data,
    etag,
    encoding,
    contentType,
  }: { data: Buffer; etag: string; encoding: string | null; contentType: string },
): FastifyReply {
  reply.header('ETag', etag).header('Accept-Ranges', 'bytes');
  // A 304 without a body names no type.
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type(contentType);
  if (encoding) reply.header('Content-Encoding', encoding);
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? byteRange(request.headers.range, data.length) : null;
  if (range === 'unsatisfiable') {
    reply.removeHeader('Content-Encoding');
    return reply.code(416).header('Content-Range', `bytes */${data.length}`).send();
  }
  if (range) {
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${data.length}`)
      .send(data.subarray(range.start, range.end + 1));
  }
  return reply.send(data);
}
