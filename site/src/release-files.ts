// What of RELEASES_DIR the site sends, and to whom. Only the registry (as each visitor may see it) and the files of
// published versions, at /remotes/<remote>/<version>/<file> spelled plainly: anything else in the folder (the
// action log, backups, locks, staging folders) is never reachable, however the path is written. A staged version
// (published, not live, not in a rollout) is sent only to a browser previewing it.
import { REMOTE_NAMES, fallbackOrder, registryForVisitor } from '@metrology/shared/release';
import { RELEASE_FILE_CSP, releaseFileType } from '@metrology/releases/file-types';
import { sourceMapsServed } from './safe-path.js';
import type { Registry, RegistryEntry, Release } from '@metrology/shared/contracts';
import type { RemoteName } from '@metrology/shared/release';

/**
 * A release file's path: a known remote, a version as the registry writes them, and file names of letters, digits,
 * '-', '_' and '.', never starting with a dot. No percent-encoding, no '//', no '.' or '..' segments, no backslash:
 * a browser loading a version asks for exactly these, and anything spelled otherwise is refused before the disk.
 */
const RELEASE_FILE =
  /^\/remotes\/([a-z-]{1,40})\/(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]{1,60})?)\/((?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,120}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,120})$/;

/**
 * The remote, version and file a request path names, or null when it is not a release file spelled plainly.
 * @param rawUrl the request's URL as sent (its query is ignored)
 */
export function releaseFileOf(rawUrl: string): { remote: RemoteName; version: string; file: string } | null {
  const pathName = rawUrl.split('?')[0] ?? '';
  const match = RELEASE_FILE.exec(pathName);
  if (!match) return null;
  const [, remote = '', version = '', file = ''] = match;
  const name = REMOTE_NAMES.find((known) => known === remote);
  if (!name) return null;
  // The Node build is the site server's to load; the page's asset list stays on the server, and source maps too
  // unless SERVE_SOURCE_MAPS=1 (safe-path.ts's one rule for the shell's files and these alike).
  const segments = file.split('/');
  if (
    segments.includes('server') ||
    (file.endsWith('.map') && !sourceMapsServed()) ||
    segments.includes('page-assets.json')
  )
    return null;
  return { remote: name, version, file };
}

/**
 * The Content-Type and headers a release file (a remote's or the shell's) is sent with, from its extension alone
 * (releases/src/file-types.ts), never from a manifest or the file's bytes: the allow-list's type, and the sandbox
 * policy on everything but scripts and stylesheets, so an SVG (or any file) opened as a document on the shop's
 * origin runs no script. A file of a type a release may not hold (HTML, XML, unknown: a version published before
 * the refusal) is sent as a download, never as a page. `X-Content-Type-Options: nosniff` is on every response
 * (security.ts).
 * @param file the file's path inside its version
 */
export function releaseFileResponse(file: string): { contentType: string; headers: Record<string, string> } {
  const type = releaseFileType(file);
  if (!type) {
    const name = (file.slice(file.lastIndexOf('/') + 1) || 'file').replace(/[^A-Za-z0-9_.-]/g, '_');
    return {
      contentType: 'application/octet-stream',
      headers: {
        'Content-Disposition': `attachment; filename="${name}"`,
        'Content-Security-Policy': RELEASE_FILE_CSP,
      },
    };
  }
  const code = type.kind === 'script' || type.kind === 'style';
  return {
    contentType: type.contentType,
    headers: code ? {} : { 'Content-Security-Policy': RELEASE_FILE_CSP },
  };
}

/**
 * The versions of a remote any visitor may be served: the live one, the earlier good ones its browser falls back to,
 * and the version a running rollout gives its share of visitors.
 */
export function publicVersions(entry: RegistryEntry): Set<string> {
  const versions = new Set(fallbackOrder(entry));
  if (entry.rollout && entry.history.some((release) => release.version === entry.rollout?.version))
    versions.add(entry.rollout.version);
  return versions;
}

/**
 * Whether visitors were once served a version that is no longer one they may be served: live for everyone once,
 * a canary rolled back or cut short by a publish, or, recorded before the registry said (neither liveAt nor
 * staged), one before the live version (served as a version to fall back to then).
 */
function servedOnce(entry: RegistryEntry, release: Release): boolean {
  if (release.liveAt || release.rolledBackAt || release.cutShortAt) return true;
  if (release.liveAt !== undefined || release.staged) return false;
  const index = entry.history.indexOf(release);
  return index < entry.history.findIndex((known) => known.version === entry.current);
}

/**
 * Who may fetch a published version's files: 'public' (served, or once served and rolled back since: pages and
 * browsers may still name it), 'preview' (a staged version: only the browser previewing it), or null (not
 * published, or staged and not previewed here).
 *
 *
 * @param previewed the version this visitor previews of that remote, if any
 */
export function fileAudience(
  entry: RegistryEntry | undefined,
  version: string,
  previewed: string | null,
): 'public' | 'preview' | null {
  const release = entry?.history.find((candidate) => candidate.version === version);
  if (!entry || !release) return null;
  if (publicVersions(entry).has(version) || servedOnce(entry, release)) return 'public';
  return previewed === version ? 'preview' : null;
}

/**
 * The registry one visitor is sent (/remotes/registry.json): registryForVisitor's view, whose history keeps only
 * the versions a visitor may be served, plus the one this visitor previews. A staged version is never listed for
 * anybody else.
 */
export function registryForPublic(
  live: Registry,
  visitor: {
    sessionId: string;
    previews: Partial<Record<RemoteName, string>>;
  },
) {
  const seen = registryForVisitor(live, visitor);
  const remotes: Registry['remotes'] = {};
  for (const [name, view] of Object.entries(seen.registry.remotes)) {
    const remote = name as RemoteName;
    const entry = live.remotes[remote];
    if (!view || !entry) continue;
    const allowed = publicVersions(entry);
    allowed.add(view.current);
    remotes[remote] = { ...view, history: view.history.filter((release) => allowed.has(release.version)) };
  }
  return { registry: { remotes }, served: seen.served };
}

/**
 * Where a preview link may send the browser: a path of this site, judged after decoding. Refused: another origin
 * ('//host', '/\host', a scheme), and control characters (a tab or newline a browser drops, making '/\t/host').
 */
export function sameSitePath(to: unknown): string | null {
  if (typeof to !== 'string' || to.length > 2000 || !to.startsWith('/')) return null;
  let decoded = to;
  for (let round = 0; round < 4; round += 1) {
    let next;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) break;
    decoded = next;
  }
  for (const text of [to, decoded]) {
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
    if (/[\u0000-\u001f\u007f\\]/.test(text) || /^\/\//.test(text) || /^\/[^/?#]*:/.test(text)) return null;
  }
  const url = new URL(to, 'http://site.invalid');
  return url.origin === 'http://site.invalid' ? `${url.pathname}${url.search}${url.hash}` : null;
}
