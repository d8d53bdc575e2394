// @ts-check
// How a site server process is started (`npm start`, `npm run cluster`): what it is told and what it may touch.
// It runs every team's Node build (each remote's server/remoteEntry.js and the shell's render) in its own process,
// so it gets only what it reads itself:
// - an environment of the variables it reads (SITE_ENV_NAMES), never the API's (JWT_SECRET, the payment and SMTP
//   keys, the API's DATABASE_URL);
// - its two secrets, the release signing key (it signs page tokens and served counts, checks preview links) and its
//   own read-only database URL, on its standard input, read once at start: they are in no environment block;
// - Node's permission model: it reads its own code, the packages that code loads, the shell's build, RELEASES_DIR
//   and its cache folder, writes only its cache folder, and may start no process and no worker thread.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SITE_ENV_NAMES } from '@metrology/site/environment';
import { ROOT } from './paths.mjs';

// Every variable the site server process reads, and the geo service's default: the site package's own list.
export { DEFAULT_GEO_URL, SITE_ENV_NAMES } from '@metrology/site/environment';

/**
 * Names a site process must never be handed, whatever else changes: the API's secrets and its database.
 * The release signing key and the site's own database URL reach it on standard input, never by name.
 */
export const SITE_FORBIDDEN_ENV = Object.freeze([
  'JWT_SECRET',
  'RELEASE_SIGNING_KEY',
  'DATABASE_URL',
  'SITE_DATABASE_URL',
  'SMTP_URL',
  'SMTP_PASSWORD',
  'SMTP_PASS',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'CLUSTER_DATABASE_URL',
  'TEST_DATABASE_URL',
  'PGPASSWORD',
  'NODE_OPTIONS',
]);

/**
 * The site process's environment: the names it reads taken from `from` (the launcher's), then `set` (what the
 * launcher decides for it). Anything in SITE_FORBIDDEN_ENV is refused, so a mistake here cannot hand it a secret.
 * @param {Record<string, string | undefined>} from
 * @param {Record<string, string | undefined>} set
 * @returns {Record<string, string>}
 */
export function siteEnvironment(from, set) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const name of SITE_ENV_NAMES) {
    const value = from[name];
    if (value !== undefined) env[name] = value;
  }
  for (const [name, value] of Object.entries(set)) {
    if (SITE_FORBIDDEN_ENV.includes(name)) throw new Error(`${name} is never handed to the site process`);
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/**
 * What the site process reads on standard input when SITE_SECRETS=stdin: one JSON object.
 * @typedef {object} SiteSecrets
 * @property {string} [releaseSigningKey] signs page tokens and served counts, checks preview links
 * @property {string} [databaseUrl] its own role's URL (SELECT on the release tables only)
 */

/** @param {SiteSecrets} secrets */
export function siteSecretsInput(secrets) {
  return `${JSON.stringify(secrets)}\n`;
}

/** @param {string} file */
function readJson(file) {
  return /** @type {Record<string, unknown>} */ (JSON.parse(readFileSync(file, 'utf8')));
}

/** The folder of package `name` as Node finds it from `fromDir` (node_modules, up to the repository root). */
function packageDir(/** @type {string} */ name, /** @type {string} */ fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === ROOT || dir === path.dirname(dir)) return undefined;
  }
}

/**
 * The workspace packages the site server runs. Each is read whole: Node resolves @metrology/<name> through its
 * link in node_modules, and a link it may read opens the folder it points to.
 */
const WORKSPACES = Object.freeze(['site', 'releases', 'server-kit', 'shared']);

/**
 * The installed packages the site server can load: the dependencies (and peers) of the workspace packages it runs,
 * and theirs, each its own folder. node_modules as a whole is not given: its workspace links (@metrology/api,
 * mfe-*) would open the rest of the repository.
 * @returns {string[]}
 */
export function sitePackageFolders() {
  /** @type {Set<string>} */
  const found = new Set();
  /** @type {[string, string][]} package name, the folder it is asked for from */
  const queue = [];
  const wanted = (/** @type {string} */ dir) => {
    const manifest = readJson(path.join(dir, 'package.json'));
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      const listed = /** @type {Record<string, string> | undefined} */ (manifest[field]);
      for (const name of Object.keys(listed ?? {})) queue.push([name, dir]);
    }
  };
  for (const workspace of WORKSPACES) wanted(path.join(ROOT, workspace));
  while (queue.length > 0) {
    const [name, from] = /** @type {[string, string]} */ (queue.pop());
    if (name.startsWith('@metrology/')) continue;
    const dir = packageDir(name, from);
    if (!dir || found.has(dir)) continue;
    found.add(dir);
    wanted(dir);
  }
  return [...found].sort();
}

/**
 * @typedef {object} SitePaths
 * @property {string} shellDir the shell's build (shell/dist)
 * @property {string} releasesDir RELEASES_DIR
 * @property {string} [cacheDir] SITE_CACHE_DIR (with a database): the only folder it writes
 */

/**
 * Node's flags for the site process: the permission model, what it may read and the one folder it may write.
 * No --allow-child-process, --allow-worker, --allow-addons or --allow-wasi: the site needs none of them.
 * RELEASES_DIR and the cache folder are made now when missing: Node grants a folder and what is in it only when the
 * folder exists as the process starts (a path that does not exist yet is granted as a single file).
 * @param {SitePaths} paths
 * @returns {string[]}
 */
export function sitePermissionFlags({ shellDir, releasesDir, cacheDir }) {
  for (const folder of [releasesDir, cacheDir]) if (folder) mkdirSync(folder, { recursive: true });
  const reads = [
    path.join(ROOT, 'package.json'),
    ...WORKSPACES.flatMap((workspace) => [
      path.join(ROOT, workspace),
      path.join(ROOT, 'node_modules/@metrology', workspace),
    ]),
    ...sitePackageFolders(),
    path.resolve(shellDir),
    path.resolve(releasesDir),
    ...(cacheDir ? [path.resolve(cacheDir)] : []),
  ];
  return [
    '--experimental-permission',
    ...reads.map((folder) => `--allow-fs-read=${folder}`),
    ...(cacheDir ? [`--allow-fs-write=${path.resolve(cacheDir)}`] : []),
    // Not the permission model's "experimental feature" warning on every start.
    '--disable-warning=ExperimentalWarning',
  ];
}

/** The site server's entry (site/src/main.ts, built). */
export const SITE_SCRIPT = path.join(ROOT, 'site/dist/main.js');
