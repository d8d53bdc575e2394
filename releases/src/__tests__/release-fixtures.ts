import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh folder under the system temp dir. */
export function tempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(tmpdir(), `${prefix}-`));
}

/**
 * The Node build of a fake remote (server/remoteEntry.js), as the release CLI loads it before a publish:
 * - loads: a federation container (init, get) whose every page exports a component, as a real Node build's;
 * - throws: its entry throws when required;
 * - no-page: a container without the pages the release model routes to the remote;
 * - missing: no server/ folder (a browser-only build).
 */
export type FakeNodeBuild = 'loads' | 'throws' | 'no-page' | 'missing';

const NODE_ENTRIES: Record<Exclude<FakeNodeBuild, 'missing'>, (marker: string) => string> = {
  loads: (marker) => `/* node ${marker} */
module.exports = {
  init: async () => undefined,
  get: async (module) => () => ({ default: function Page() { return module; } }),
};
`,
  throws: (marker) => `/* node ${marker} */
throw new Error('this Node build is broken');
`,
  'no-page': (marker) => `/* node ${marker} */
module.exports = {
  init: async () => undefined,
  get: async (module) => { throw new Error('Module "' + module + '" does not exist in container.'); },
};
`,
};

/** A minimal production build of a remote as the publish step checks it: a manifest naming it, its entry, and
 * its Node build in server/ (see FakeNodeBuild). */
export async function fakeBuild(
  root: string,
  remote: string,
  marker = 'v1',
  node: FakeNodeBuild = 'loads',
): Promise<string> {
  const dist = await fs.mkdtemp(path.join(root, `dist-${remote}-`));
  const name = remote.replace(/-/g, '_');
  await fs.writeFile(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({ id: name, name, metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  );
  await fs.writeFile(path.join(dist, 'remoteEntry.js'), `/* ${remote} ${marker} */`);
  await fs.writeFile(path.join(dist, '.fingerprint'), 'build inputs hash');
  if (node !== 'missing') {
    await fs.mkdir(path.join(dist, 'server'));
    await fs.writeFile(path.join(dist, 'server', 'remoteEntry.js'), NODE_ENTRIES[node](marker));
  }
  return dist;
}

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const RELEASE_SCRIPT = path.join(REPO_ROOT, 'tools/scripts/release.mjs');

/**
 * A minimal production build of the shell as the site serves it: its page (index.html, marked), its asset list, a
 * hashed main script and chunk whose names change with the marker (as a real build's do), an unhashed favicon, and
 * a Node render (server/render.js) that names the marker in the page it renders.
 */
export async function fakeShellBuild(root: string, marker: string): Promise<string> {
  const dist = await fs.mkdtemp(path.join(root, 'dist-shell-'));
  const hash = createHash('sha256').update(marker).digest('hex').slice(0, 10);
  await fs.writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><meta name="shell" content="${marker}"></head><body><div id="root"></div></body></html>`,
  );
  await fs.writeFile(
    path.join(dist, 'page-assets.json'),
    JSON.stringify({ css: [], js: [`main.${hash}.js`] }),
  );
  await fs.writeFile(path.join(dist, `main.${hash}.js`), `/* shell ${marker} main */`);
  await fs.writeFile(path.join(dist, `162.${hash}.js`), `/* shell ${marker} chunk */`);
  await fs.writeFile(path.join(dist, 'favicon.svg'), `<svg><!-- ${marker} --></svg>`);
  await fs.writeFile(path.join(dist, '.fingerprint'), 'build inputs hash');
  await fs.mkdir(path.join(dist, 'server'));
  await fs.writeFile(
    path.join(dist, 'server', 'render.js'),
    `module.exports.renderPage = async () => ({ status: 200, html: '<h1>shell ${marker}</h1>', headTags: '', head: {},
  data: {}, section: null, problems: [], failed: [] });
`,
  );
  return dist;
}

/** The hashed file names fakeShellBuild gives a marker's build. */
export function fakeShellFiles(marker: string): { main: string; chunk: string } {
  const hash = createHash('sha256').update(marker).digest('hex').slice(0, 10);
  return { main: `main.${hash}.js`, chunk: `162.${hash}.js` };
}
