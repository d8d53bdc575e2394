// @ts-check
// The release model: which remotes exist, their names and dev ports, and the registry's rule for falling back
// to an earlier version. Plain JavaScript with JSDoc types (remotes.d.ts) so the shell's build, the site server,
// the release CLI, the ESLint config, the build/dev/bench scripts and the browser tests import the same module
// with no build step. Nothing here touches the browser or Node APIs.

// The registry's records are the contracts' (shared/src/contracts/release-model.ts), where each field is described.
/** @typedef {import('@metrology/shared/contracts').Release} Release */
/** @typedef {import('@metrology/shared/contracts').RegistryEntry} RegistryEntry */
/** @typedef {import('@metrology/shared/release').RemoteName} RemoteName (declared once, in remotes.d.ts) */

/**
 * Every remote (its package folder and workspace name), with the port of its dev server.
 * @type {readonly import('@metrology/shared/release').RemoteInfo[]}
 */
export const REMOTES = Object.freeze([
  Object.freeze({ name: 'mfe-catalog', devPort: 3001 }),
  Object.freeze({ name: 'mfe-commerce', devPort: 3002 }),
  Object.freeze({ name: 'mfe-content', devPort: 3003 }),
  Object.freeze({ name: 'mfe-careers', devPort: 3004 }),
]);

/** @type {readonly RemoteName[]} */
export const REMOTE_NAMES = Object.freeze(REMOTES.map((remote) => remote.name));

/** The shell (host): its package folder, workspace name and dev port. */
export const SHELL = Object.freeze({ dir: 'shell', workspace: '@metrology/shell', devPort: 3000 });

/**
 * What the release platform publishes: the four remotes, and the shell, released like them under the name 'shell'
 * (the registry keeps its entry apart, in `shell`, so whatever reads `remotes` still sees the four remotes only).
 * @typedef {RemoteName | 'shell'} ReleaseName
 * @type {readonly ReleaseName[]}
 */
export const RELEASE_NAMES = Object.freeze([...REMOTE_NAMES, /** @type {'shell'} */ (SHELL.dir)]);

/** @param {string} name @returns {name is ReleaseName} */
export function isReleaseName(name) {
  return /** @type {readonly string[]} */ (RELEASE_NAMES).includes(name);
}

/**
 * Which remote serves which path, and the module it exposes for it (SPEC section 2). Each page is one exposed
 * module, `./src/pages/<kebab-case name>.tsx` in its remote (see exposesOf).
 * @typedef {{ path: string; remote: RemoteName; module: string }} SectionRoute
 * @type {readonly SectionRoute[]}
 */
export const ROUTES = Object.freeze([
  { path: '/', remote: 'mfe-content', module: './HomePage' },
  { path: '/about', remote: 'mfe-content', module: './AboutPage' },
  { path: '/calibration', remote: 'mfe-content', module: './CalibrationPage' },
  { path: '/clients', remote: 'mfe-content', module: './ClientsPage' },
  { path: '/news', remote: 'mfe-content', module: './NewsPage' },
  { path: '/testimonial', remote: 'mfe-content', module: './TestimonialsPage' },
  { path: '/contact', remote: 'mfe-content', module: './ContactPage' },
  { path: '/products', remote: 'mfe-catalog', module: './ProductsPage' },
  { path: '/collection', remote: 'mfe-catalog', module: './CollectionPage' },
  { path: '/product/:slug', remote: 'mfe-catalog', module: './ProductPage' },
  { path: '/cart', remote: 'mfe-commerce', module: './CartPage' },
  { path: '/place-order', remote: 'mfe-commerce', module: './PlaceOrderPage' },
  { path: '/orders', remote: 'mfe-commerce', module: './OrdersPage' },
  { path: '/orders/:orderId', remote: 'mfe-commerce', module: './OrderPage' },
  { path: '/verify', remote: 'mfe-commerce', module: './VerifyPage' },
  { path: '/careers', remote: 'mfe-careers', module: './CareersPage' },
]);

/** A page module's file stem: './PlaceOrderPage' -> 'place-order-page'. @param {string} module */
export function pageFile(module) {
  return module
    .replace(/^\.\//, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/** What a page is called in a remote's standalone harness: './PlaceOrderPage' -> 'Place order'. @param {string} module */
export function pageLabel(module) {
  const words = pageFile(module).split('-').slice(0, -1).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The routes a remote serves.
 * @param {RemoteName} remote @returns {SectionRoute[]}
 */
export function routesOf(remote) {
  return ROUTES.filter((route) => route.remote === remote);
}

/**
 * A remote's federation `exposes`: each of its pages, from its file under src/pages.
 * @param {RemoteName} remote @returns {Record<string, string>}
 */
export function exposesOf(remote) {
  return Object.fromEntries(
    routesOf(remote).map(({ module }) => [module, `./src/pages/${pageFile(module)}.tsx`]),
  );
}

/** @param {string} name @returns {name is RemoteName} */
export function isRemoteName(name) {
  return /** @type {readonly string[]} */ (REMOTE_NAMES).includes(name);
}

/** Federation container names are identifiers: mfe-catalog -> mfe_catalog. @param {string} remote */
export function federationName(remote) {
  return remote.replace(/-/g, '_');
}

/**
 * A remote's federation name and dev-server port, for its federation.config.mjs.
 * @param {RemoteName} remote @returns {{ name: string; port: number }}
 */
export function federationIdentity(remote) {
  const info = REMOTES.find((candidate) => candidate.name === remote);
  if (!info) throw new Error(`Unknown remote '${remote}'`);
  return { name: federationName(remote), port: info.devPort };
}

/**
 * Whether a version was live for everyone, as far as the registry knows. A version recorded before the registry
 * kept liveAt and staged (neither is set) is judged conservatively here, as not known to have been live: the
 * release platform fills both in from its action log on its first change of the registry (upgradeHistory in
 * releases/src/model.ts), and until then the shell and the site fall back to nothing older.
 * @param {Release} release
 * @returns {boolean}
 */
export function wentLive(release) {
  return typeof release.liveAt === 'string' && release.liveAt !== '';
}

/**
 * Whether a version is a known good one to fall back to: it was live for everyone and was not rolled back. A
 * staged version, or a canary that was aborted or that a publish cut short, never is.
 * @param {Release} release
 * @returns {boolean}
 */
export function isKnownGood(release) {
  return wentLive(release) && !release.rolledBackAt;
}

/**
 * The versions to try, in order: the live one, then the last known good ones before it (newest first: versions
 * that were live for everyone and not rolled back, never one that was only staged or a canary). The shell falls
 * back along it when a release fails in the browser, the site server when it renders a page, and the release
 * CLI's `rollback` takes its second entry as the default target.
 * @param {RegistryEntry} entry
 * @returns {string[]}
 */
export function fallbackOrder(entry) {
  const index = entry.history.findIndex((release) => release.version === entry.current);
  const earlier = index > 0 ? entry.history.slice(0, index) : [];
  return [
    entry.current,
    ...earlier
      .filter(isKnownGood)
      .map((release) => release.version)
      .reverse(),
  ];
}

/**
 * The last known good version before the live one (fallbackOrder's second entry), or undefined.
 * @param {RegistryEntry} entry
 * @returns {string | undefined}
 */
export function previousGoodVersion(entry) {
  return fallbackOrder(entry)[1];
}

/**
 * A visitor's bucket for one remote, 0-99: the same session id gives the same bucket on every request, on every
 * server and in the browser; remotes get independent buckets, so one visitor is not the canary of every rollout.
 * @param {string} sessionId
 * @param {string} remote
 * @returns {number}
 */
export function rolloutBucket(sessionId, remote) {
  // FNV-1a: tiny, stable and evenly spread over short strings; nothing here needs to be secret.
  let hash = 0x811c9dc5;
  for (const char of `${remote}:${sessionId}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/**
 * The version of a remote one visitor is served: a valid preview of a published version, else the rollout's version
 * when the visitor's bucket falls inside its share, else the live pointer.
 * @param {RegistryEntry} entry
 * @param {{ bucket: number; preview?: string | null }} visitor
 * @returns {{ version: string; via: 'preview' | 'rollout' | 'live' }}
 */
export function versionForVisitor(entry, visitor) {
  const published = (/** @type {string} */ version) =>
    entry.history.some((release) => release.version === version);
  if (visitor.preview && published(visitor.preview)) return { version: visitor.preview, via: 'preview' };
  const rollout = entry.rollout;
  if (rollout && published(rollout.version) && visitor.bucket < rollout.percent) {
    return { version: rollout.version, via: 'rollout' };
  }
  return { version: entry.current, via: 'live' };
}

/**
 * The registry as one visitor sees it: each remote's `current` is the version decided for them, and no rollout
 * is left to decide again. The server renders with it, and the browser loads (and falls back) from it.
 * @param {{ remotes: Partial<Record<RemoteName, RegistryEntry>> }} registry
 * @param {{ sessionId: string; previews?: Partial<Record<RemoteName, string>> }} visitor
 * @returns {{ registry: { remotes: Partial<Record<RemoteName, RegistryEntry>> }; served: Partial<Record<RemoteName, { version: string; via: 'preview' | 'rollout' | 'live' }>> }}
 */
export function registryForVisitor(registry, visitor) {
  /** @type {Partial<Record<RemoteName, RegistryEntry>>} */
  const remotes = {};
  /** @type {Partial<Record<RemoteName, { version: string; via: 'preview' | 'rollout' | 'live' }>>} */
  const served = {};
  for (const [name, entry] of Object.entries(registry.remotes)) {
    const remote = /** @type {RemoteName} */ (name);
    if (!entry?.current) continue;
    const decision = versionForVisitor(entry, {
      bucket: rolloutBucket(visitor.sessionId, remote),
      preview: visitor.previews?.[remote] ?? null,
    });
    served[remote] = decision;
    const { rollout: _decided, ...rest } = entry;
    remotes[remote] = { ...rest, current: decision.version };
  }
  return { registry: { remotes }, served };
}
