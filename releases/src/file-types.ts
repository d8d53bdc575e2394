// What a release may hold, by file type. Every file of a published version is served from the shop's own origin
// (/remotes/<remote>/<version>/..., the shell's at the site's root), where a document that runs a script reads
// the shopper's session. So a release holds only the types a build needs, each sent with one fixed Content-Type:
// scripts and styles (the code the shop loads on purpose), JSON and source maps, fonts, raster images, SVG and
// plain text (webpack's *.LICENSE.txt). HTML, XHTML and XML are documents a browser runs scripts in, and any
// other type is unknown: both are refused at publish time (but the build's own index.html at its root), and a site
// serves a file of such a type (an older version's) as a download, never as a page. SVG is allowed but is a
// document too: the site sends it sandboxed (RELEASE_FILE_CSP), so a script in it never runs. Pure: it reads
// nothing.

/**
 * What kind of file: `script` and `style` are code the shop's pages load; the others are data a page shows or reads.
 */
export type ReleaseFileKind = 'script' | 'style' | 'json' | 'source-map' | 'font' | 'image' | 'svg' | 'text';

export type ReleaseFileType = {
  /** the Content-Type it is always sent with, whatever a manifest or a file's bytes say */
  contentType: string;
  /**
   * true when a browser opening it on its own runs nothing in it (JSON, a source map, a font, a raster image,
   * text: with `nosniff` it is shown as data); false for scripts and styles (code) and SVG (a document that can
   * hold scripts, so it is served sandboxed)
   */
  inert: boolean;
  kind: ReleaseFileKind;
};

const type = (contentType: string, kind: ReleaseFileKind): ReleaseFileType =>
  Object.freeze({ contentType, kind, inert: kind !== 'script' && kind !== 'style' && kind !== 'svg' });

/** The allow-list: extension (lower case, with its dot) -> type. */
export const RELEASE_FILE_TYPES: Readonly<Record<string, ReleaseFileType>> = Object.freeze({
  '.js': type('application/javascript; charset=utf-8', 'script'),
  '.mjs': type('application/javascript; charset=utf-8', 'script'),
  '.cjs': type('application/javascript; charset=utf-8', 'script'),
  '.css': type('text/css; charset=utf-8', 'style'),
  '.json': type('application/json; charset=utf-8', 'json'),
  '.map': type('application/json; charset=utf-8', 'source-map'),
  '.woff': type('font/woff', 'font'),
  '.woff2': type('font/woff2', 'font'),
  '.ttf': type('font/ttf', 'font'),
  '.otf': type('font/otf', 'font'),
  '.png': type('image/png', 'image'),
  '.jpg': type('image/jpeg', 'image'),
  '.jpeg': type('image/jpeg', 'image'),
  '.gif': type('image/gif', 'image'),
  '.webp': type('image/webp', 'image'),
  '.avif': type('image/avif', 'image'),
  '.ico': type('image/x-icon', 'image'),
  '.svg': type('image/svg+xml', 'svg'),
  '.txt': type('text/plain; charset=utf-8', 'text'),
});

/**
 * The policy every release file that is not a script or a stylesheet is sent with. Browsers apply it only when the
 * file is opened as a document (an SVG navigated to, or framed): nothing may load, no script runs, and `sandbox`
 * gives the document an origin of its own, so even the shop's storage and cookies are out of its reach. Inline
 * styles stay allowed: an SVG's own <style> and style attributes draw it.
 */
export const RELEASE_FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * The one HTML file a release may hold, at its root: every build writes it (HtmlWebpackPlugin). The shell's is the
 * shop's page, which the site sends as its pages with their strict policy and a nonce on its scripts; a remote's is
 * its standalone harness for `npm run dev`, which the site sends as a download only, never as a page.
 */
export const RELEASE_DOCUMENT = 'index.html';

/** Documents a browser runs scripts in, by extension, with the name a refusal gives them. */
const DOCUMENTS: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'HTML',
  '.htm': 'HTML',
  '.shtml': 'HTML',
  '.xhtml': 'XHTML',
  '.xht': 'XHTML',
  '.xml': 'XML',
  '.xsl': 'XML',
  '.xslt': 'XML',
  '.mht': 'HTML',
  '.mhtml': 'HTML',
});

/** The extension of a release file's last segment, lower case with its dot ('' when it has none). */
export function extensionOf(filePath: string): string {
  const name = filePath.slice(filePath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * The type a release file is served as, or undefined when a release may not hold it (HTML, XML, an unknown or no
 * extension). A release's index.html is not served as a file either (RELEASE_DOCUMENT).
 * @param filePath the file's path inside its version, '/'-separated
 */
export function releaseFileType(filePath: string): ReleaseFileType | undefined {
  return RELEASE_FILE_TYPES[extensionOf(filePath)];
}

/**
 * Why a release may not hold this file, or undefined when it may: every allow-listed type, and the build's own
 * `index.html` at the version's root (RELEASE_DOCUMENT), so every file of a real build of the shell or a remote is
 * allowed. Any other HTML, XHTML or XML, and any unknown type, is refused with the reason.
 * @param filePath the file's path inside its version, '/'-separated
 */
export function refusedFileReason(filePath: string): string | undefined {
  if (releaseFileType(filePath) || filePath === RELEASE_DOCUMENT) return undefined;
  const extension = extensionOf(filePath);
  const document = DOCUMENTS[extension];
  if (document) {
    return (
      `${filePath}: ${document} is not served from a release (it would run on the shop's origin, where its ` +
      `scripts could read the shopper's session); render the page from the remote's code, or publish the ` +
      `file elsewhere and link to it`
    );
  }
  const what = extension ? `'${extension}' is not a file type` : 'a file without an extension is not one';
  return (
    `${filePath}: ${what} a release serves (allowed: ${Object.keys(RELEASE_FILE_TYPES).join(' ')}); an ` +
    `unknown type could be read by a browser as a page on the shop's origin`
  );
}
