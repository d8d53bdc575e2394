// Which static paths the site server may send, judged on the path as the file system would resolve it: decoded
// (repeatedly, so %252e is judged as "."), with backslashes as slashes, "." and ".." resolved and "//" collapsed,
// and compared without regard to case. A path that cannot be decoded is refused. Refused: a Node build (a
// `server` folder), source maps (unless SERVE_SOURCE_MAPS=1), page-assets.json, and the release registry's own
// files (registry.json and its last-good copy, the lock, staging folders).
import path from 'node:path';

/** More rounds of percent-decoding than any honest URL needs; a path still changing after them is refused. */
const DECODE_ROUNDS = 4;

/** The path as the file system would see it, lower-cased, or undefined when it cannot be decoded. */
export function normalisedPath(pathName: string): string | undefined {
  let decoded = pathName;
  for (let round = 0; ; round += 1) {
    let next;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    if (next === decoded) break;
    if (round === DECODE_ROUNDS) return undefined;
    decoded = next;
  }
  if (decoded.includes('\0')) return undefined;
  return path.posix.normalize(`/${decoded.replace(/\\/g, '/')}`).toLowerCase();
}

/** Source maps are sent only when SERVE_SOURCE_MAPS=1 (read per call, so a test or an operator can set it). */
export const sourceMapsServed = (env = process.env) => env.SERVE_SOURCE_MAPS === '1';

/**
 * Whether a static path may be sent to browsers.
 * @param pathName the path below the static root, as @fastify/static passes it
 */
export function servablePath(pathName: string, options: { sourceMaps?: boolean } = {}) {
  const normalised = normalisedPath(pathName);
  if (normalised === undefined) return false;
  const segments = normalised.split('/').filter(Boolean);
  const name = segments.at(-1) ?? '';
  const sourceMaps = options.sourceMaps ?? sourceMapsServed();
  return !(
    segments.includes('server') ||
    (!sourceMaps && name.endsWith('.map')) ||
    name === 'page-assets.json' ||
    segments.some(
      (segment) =>
        segment.startsWith('registry.json') ||
        segment.startsWith('.registry') ||
        segment.includes('.staging-'),
    )
  );
}
