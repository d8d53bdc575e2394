// @ts-check
// The shared singletons every bundle agrees on (DESIGN.md, Composition).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** @param {string} name a package, or a subpath export of one (versioned as its package) */
function installedVersion(name) {
  const parts = name.split('/');
  const pkg = parts.slice(0, name.startsWith('@') ? 2 : 1).join('/');
  return /** @type {{ version: string }} */ (require(`${pkg}/package.json`)).version;
}

const singletons = [
  'react',
  'react-dom',
  'react-redux',
  '@reduxjs/toolkit',
  // Both of the store library's entries use it: shared, it is one copy instead of one in each of their chunks.
  'reselect',
  'notistack',
  '@metrology/shared',
  // A subpath of its own (the kit's controls): its chunk loads with the first section that imports it.
  '@metrology/shared/controls',
  // React Router, through the one module that names what the shop uses (tree-shaken; never the whole package).
  '@metrology/shared/router',
];
// Deep imports (react/jsx-runtime, react-dom/client, @reduxjs/toolkit/query/react) share under the key with '/'.
const withSubpaths = new Set(['react', 'react-dom', '@reduxjs/toolkit']);

/** @returns {Record<string, { singleton: boolean; requiredVersion: string; version: string; strictVersion: boolean }>} */
export function sharedSingletons() {
  /** @type {Record<string, { singleton: boolean; requiredVersion: string; version: string; strictVersion: boolean }>} */
  const shared = {};
  for (const name of singletons) {
    const version = installedVersion(name);
    const major = version.split('.')[0];
    // A bundle built against another major of a singleton is refused at load instead of crashing later.
    const entry = { singleton: true, requiredVersion: `^${major}.0.0`, version, strictVersion: true };
    shared[name] = entry;
    if (withSubpaths.has(name)) shared[`${name}/`] = entry;
  }
  return shared;
}
