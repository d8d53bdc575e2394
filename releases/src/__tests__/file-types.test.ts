// The release file allow-list: each type a build holds has one fixed Content-Type; HTML, XML and unknown types are
// refused with a reason a team can act on; every file of the shop's real builds is allowed.
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import {
  RELEASE_FILE_CSP,
  extensionOf,
  refusedFileReason,
  releaseFileType,
} from '@metrology/releases/file-types';
import { REMOTE_NAMES } from '@metrology/shared/release';
import { REPO_ROOT } from './release-fixtures';

describe('releaseFileType', () => {
  it.each([
    ['remoteEntry.js', 'application/javascript; charset=utf-8', 'script', false],
    ['chunk.mjs', 'application/javascript; charset=utf-8', 'script', false],
    ['server/render.cjs', 'application/javascript; charset=utf-8', 'script', false],
    ['main.0123456789.css', 'text/css; charset=utf-8', 'style', false],
    ['mf-manifest.json', 'application/json; charset=utf-8', 'json', true],
    ['main.js.map', 'application/json; charset=utf-8', 'source-map', true],
    ['fonts/inter.woff2', 'font/woff2', 'font', true],
    ['fonts/inter.woff', 'font/woff', 'font', true],
    ['fonts/mono.ttf', 'font/ttf', 'font', true],
    ['fonts/mono.otf', 'font/otf', 'font', true],
    ['img/a.png', 'image/png', 'image', true],
    ['img/a.JPG', 'image/jpeg', 'image', true],
    ['img/a.jpeg', 'image/jpeg', 'image', true],
    ['img/a.gif', 'image/gif', 'image', true],
    ['img/a.webp', 'image/webp', 'image', true],
    ['img/a.avif', 'image/avif', 'image', true],
    ['favicon.ico', 'image/x-icon', 'image', true],
    ['promo.svg', 'image/svg+xml', 'svg', false],
    ['main.0123456789.js.LICENSE.txt', 'text/plain; charset=utf-8', 'text', true],
  ])('%s is %s', (file, contentType, kind, inert) => {
    expect(releaseFileType(file)).toEqual({ contentType, kind, inert });
  });

  it('has no type for documents, unknown extensions and names without one', () => {
    for (const file of [
      'promo.html',
      'promo.HTM',
      'page.xhtml',
      'feed.xml',
      'sheet.xsl',
      'promo.svgz',
      'archive.zip',
      'LICENSE',
      '.htaccess',
      'folder.js/README',
    ]) {
      expect([file, releaseFileType(file)]).toEqual([file, undefined]);
    }
  });

  it('reads the extension of the last segment only', () => {
    expect(extensionOf('a.b/c')).toBe('');
    expect(extensionOf('a/b.Min.JS')).toBe('.js');
    expect(extensionOf('.svg')).toBe('');
  });

  it('the policy sandboxes a document and lets nothing load', () => {
    expect(RELEASE_FILE_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  });
});

describe('refusedFileReason', () => {
  it("refuses HTML as running on the shop's origin", () => {
    expect(refusedFileReason('promo.html')).toMatch(
      /^promo\.html: HTML is not served from a release \(it would run on the shop's origin/,
    );
    expect(refusedFileReason('pages/a.htm')).toMatch(/^pages\/a\.htm: HTML is not served/);
  });

  it('refuses XML and XHTML documents', () => {
    expect(refusedFileReason('page.xhtml')).toMatch(/^page\.xhtml: XHTML is not served from a release/);
    expect(refusedFileReason('feed.xml')).toMatch(/^feed\.xml: XML is not served from a release/);
    expect(refusedFileReason('style.xslt')).toMatch(/^style\.xslt: XML is not served/);
  });

  it('refuses an unknown type, naming what is allowed', () => {
    const reason = refusedFileReason('promo.svgz') ?? '';
    expect(reason).toMatch(/^promo\.svgz: '\.svgz' is not a file type a release serves \(allowed: \.js /);
    expect(reason).toContain('.svg');
    expect(refusedFileReason('LICENSE')).toMatch(/^LICENSE: a file without an extension is not one/);
  });

  it("allows a build's own index.html at its root only (the shell's page, a remote's standalone harness)", () => {
    expect(refusedFileReason('index.html')).toBeUndefined();
    expect(releaseFileType('index.html')).toBeUndefined();
    expect(refusedFileReason('other.html')).toMatch(/HTML is not served/);
    expect(refusedFileReason('server/index.html')).toMatch(/HTML is not served/);
    expect(refusedFileReason('INDEX.HTML')).toMatch(/HTML is not served/);
  });

  it('allows every allow-listed file', () => {
    for (const file of ['remoteEntry.js', 'promo.svg', 'a.txt', 'server/remoteEntry.js', 'b.woff2'])
      expect(refusedFileReason(file)).toBeUndefined();
  });
});

/** Every file below a folder, '/'-separated relative paths (a build's .fingerprint is never published). */
async function filesOf(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory()) found.push(...(await filesOf(path.join(dir, entry.name), `${relative}/`)));
    else if (entry.isFile() && relative !== '.fingerprint') found.push(relative);
  }
  return found;
}

const BUILDS = [
  { name: 'shell', dist: path.join(REPO_ROOT, 'shell', 'dist'), marker: 'index.html' },
  ...REMOTE_NAMES.map((name) => ({
    name,
    dist: path.join(REPO_ROOT, name, 'dist'),
    marker: 'mf-manifest.json',
  })),
];
const built = BUILDS.every(({ dist, marker }) => existsSync(path.join(dist, marker)));

// Needs `npm run build` (as the e2e suite does); without the builds there is nothing to judge.
(built ? it : it.skip)('allows every file of the real builds of the shell and the remotes', async () => {
  for (const { name, dist } of BUILDS) {
    const files = await filesOf(dist);
    expect(files.length).toBeGreaterThan(3);
    const refused = files.flatMap((file) => refusedFileReason(file) ?? []);
    expect([name, refused]).toEqual([name, []]);
  }
});
