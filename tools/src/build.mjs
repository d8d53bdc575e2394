// @ts-check
// Builds what changed: each package keeps a fingerprint of its sources in dist/.fingerprint.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { REMOTE_NAMES, SHELL } from '@metrology/shared/release';
import { ROOT } from './paths.mjs';

/** Packages in build order, with what each one's build reads. */
export const PACKAGES = [
  {
    dir: 'shared',
    workspace: '@metrology/shared',
    inputs: ['src', 'styles', 'release', 'package.json', 'tsconfig.build.json'],
  },
  {
    dir: 'server-kit',
    workspace: '@metrology/server-kit',
    inputs: ['src', 'package.json', 'tsconfig.build.json'],
    deps: ['shared'],
  },
  {
    dir: 'releases',
    workspace: '@metrology/releases',
    inputs: ['src', 'package.json', 'tsconfig.build.json'],
    deps: ['server-kit', 'shared'],
  },
  {
    dir: 'site',
    workspace: '@metrology/site',
    inputs: ['src', 'package.json', 'tsconfig.build.json'],
    deps: ['server-kit', 'releases'],
  },
  {
    dir: 'api',
    workspace: '@metrology/api',
    inputs: ['src', 'package.json', 'tsconfig.build.json'],
    deps: ['shared', 'server-kit', 'releases'],
  },
  ...[SHELL.dir, ...REMOTE_NAMES].map((dir) => ({
    dir,
    workspace: dir === SHELL.dir ? SHELL.workspace : dir,
    inputs: ['src', 'public', 'package.json', 'tsconfig.json', 'webpack.config.mjs', 'federation.config.mjs'],
    deps: ['shared', 'tools/federation'],
  })),
];

/** @param {string} dir @param {string[]} out */
async function listFiles(dir, out) {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => null);
  if (!entries) {
    if (await fs.stat(dir).catch(() => null)) out.push(dir);
    return;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '__tests__') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await listFiles(full, out);
    else out.push(full);
  }
}

/** A hash of every input file's path and content. @param {string[]} inputs */
export async function fingerprint(inputs) {
  /** @type {string[]} */
  const files = [];
  for (const input of inputs) await listFiles(path.join(ROOT, input), files);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(ROOT, file));
    hash.update(await fs.readFile(file));
  }
  return hash.digest('hex');
}

/** @param {(typeof PACKAGES)[number]} pkg */
function packageInputs(pkg) {
  return [
    ...pkg.inputs.map((input) => path.join(pkg.dir, input)),
    ...(pkg.deps ?? []).map((d) => path.join(d, d === 'shared' ? 'src' : '')),
  ];
}

/** @param {string} command @param {string[]} args @param {import('node:child_process').SpawnOptions} [options] */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * Builds every package whose sources changed since its last build (only those named in `only`, with what they
 * need, when given). @param {{ log?: (line: string) => void; only?: string[] }} [options]
 * @returns {Promise<string[]>} the rebuilt ones
 */
export async function buildIfNeeded({ log = console.log, only } = {}) {
  const rebuilt = [];
  const wanted = only ? withDeps(only) : null;
  for (const pkg of PACKAGES) {
    if (wanted && !wanted.has(pkg.dir)) continue;
    // A checkout without this package (a team's holds only its remote and the release tools) uses the build
    // installed in node_modules.
    if (!(await fs.stat(path.join(ROOT, pkg.dir, 'package.json')).catch(() => null))) continue;
    const stamp = path.join(ROOT, pkg.dir, 'dist', '.fingerprint');
    const current = await fingerprint(packageInputs(pkg));
    const previous = await fs.readFile(stamp, 'utf8').catch(() => '');
    if (current === previous) continue;
    log(`Building ${pkg.workspace}...`);
    await run('npm', ['run', 'build', '--silent', '-w', pkg.workspace]);
    await fs.writeFile(stamp, current);
    rebuilt.push(pkg.dir);
  }
  return rebuilt;
}

/** The packages named and every package they are built from. @param {string[]} dirs */
function withDeps(dirs) {
  const out = new Set();
  /** @param {string} dir */
  const add = (dir) => {
    if (out.has(dir)) return;
    out.add(dir);
    for (const dep of PACKAGES.find((pkg) => pkg.dir === dir)?.deps ?? []) add(dep);
  };
  dirs.forEach(add);
  return out;
}

/** Records the current fingerprint of every package that has a build (after a full `npm run build`). */
export async function stampBuilds() {
  for (const pkg of PACKAGES) {
    const dist = path.join(ROOT, pkg.dir, 'dist');
    if (!(await fs.stat(dist).catch(() => null))) continue;
    await fs.writeFile(path.join(dist, '.fingerprint'), await fingerprint(packageInputs(pkg)));
  }
}

/** A hash of a built remote's files, to tell whether this exact build is already published. @param {string} distDir */
export async function buildHash(distDir) {
  /** @type {string[]} */
  const files = [];
  await listFiles(distDir, files);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    if (path.basename(file) === '.fingerprint') continue;
    hash.update(path.relative(distDir, file));
    hash.update(await fs.readFile(file));
  }
  return hash.digest('hex');
}
