// @ts-check
// Finds import cycles among a package's own modules (relative imports, type-only ones too: a cycle of types is
// still two modules that cannot be read, moved or tested apart).
import { promises as fs } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mjs|js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '__tests__', 'coverage', 'test-results']);
// `import x from '...'`, `import type`, `export { x } from '...'`, `import '...'` and `import('...')`.
const STATIC = /^\s*(?:import|export)\s+(?:[^'"]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** @param {string} dir @returns {Promise<string[]>} */
async function sourceFiles(dir) {
  /** @type {string[]} */
  const found = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) found.push(...(await sourceFiles(full)));
    } else if (SOURCE.test(entry.name) && !/\.(test|d)\.[mc]?[jt]sx?$/.test(entry.name)) {
      found.push(full);
    }
  }
  return found;
}

/** @param {string} from @param {string} specifier @param {Set<string>} files */
function resolve(from, specifier, files) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '');
  const candidates = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.mjs'].map(
    (ending) => base + ending,
  );
  return candidates.find((candidate) => files.has(candidate));
}

/**
 * The cycles among the source files below the given folders, each as the list of files in it.
 * @param {string[]} roots
 * @returns {Promise<string[][]>}
 */
export async function findImportCycles(roots) {
  const list = (await Promise.all(roots.map((root) => sourceFiles(root)))).flat();
  const files = new Set(list);
  /** @type {Map<string, string[]>} */
  const edges = new Map();
  for (const file of list) {
    // Comments are left out: a JSDoc type such as `import('./x.mjs').Thing` loads nothing at run time.
    const text = (await fs.readFile(file, 'utf8'))
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const targets = new Set();
    for (const pattern of [STATIC, DYNAMIC]) {
      for (const match of text.matchAll(pattern)) {
        const target = resolve(file, /** @type {string} */ (match[1]), files);
        if (target) targets.add(target);
      }
    }
    edges.set(file, [...targets]);
  }
  // Tarjan's strongly connected components: every component of two or more files (or a file importing itself).
  let index = 0;
  /** @type {Map<string, number>} */ const order = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const cycles = [];
  /** @param {string} node */
  const visit = (node) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(/** @type {number} */ (low.get(node)), /** @type {number} */ (low.get(next))));
      } else if (onStack.has(next)) {
        low.set(
          node,
          Math.min(/** @type {number} */ (low.get(node)), /** @type {number} */ (order.get(next))),
        );
      }
    }
    if (low.get(node) === order.get(node)) {
      /** @type {string[]} */ const component = [];
      let member;
      do {
        member = /** @type {string} */ (stack.pop());
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const file of list) if (!order.has(file)) visit(file);
  return cycles;
}
