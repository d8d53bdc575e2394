// @ts-check
// What `npm start` publishes: each remote's current build, unless that exact build is already published, into the
// registry the site servers read: PostgreSQL's release_registry table with DATABASE_URL, registry.json otherwise.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { buildHash } from './build.mjs';
import { ROOT } from './paths.mjs';
import { REMOTE_NAMES, isPublished, publishRelease, readRegistryWithFallback } from './registry.mjs';

export function currentCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/**
 * @param {string} releasesDir
 * @param {{ log?: (message: string) => void; store?: import('./registry.mjs').RegistryStore; root?: string }} [options]
 *   root: the repository whose <remote>/dist builds are published (tests use their own)
 */
export async function publishLocalBuilds(releasesDir, { log = console.log, store, root = ROOT } = {}) {
  const registry = store ? await store.read() : (await readRegistryWithFallback(releasesDir)).registry;
  for (const remote of REMOTE_NAMES) {
    const distDir = path.join(root, remote, 'dist');
    const hash = await buildHash(distDir);
    const entry = registry.remotes[remote];
    if (entry?.history.some((release) => release.buildHash === hash)) continue;
    const { version: baseVersion } = JSON.parse(
      await fs.readFile(path.join(root, remote, 'package.json'), 'utf8'),
    );
    const taken = await isPublished(releasesDir, remote, baseVersion, store);
    // The package version is used once; a changed local build of the same version gets a build suffix.
    const version = taken ? `${baseVersion}-local.${hash.slice(0, 8)}` : baseVersion;
    await publishRelease({
      releasesDir,
      remote,
      distDir,
      version,
      commit: currentCommit(),
      buildHash: hash,
      ...(store ? { store } : {}),
    });
    log(`Published ${remote} ${version}`);
  }
}

/**
 * `npm start`'s publish step. With databaseUrl (DATABASE_URL) the site servers read the live pointer from
 * PostgreSQL, so the builds are published there (a registry.json already in RELEASES_DIR is copied in first when
 * the table is empty, keeping its history); otherwise into RELEASES_DIR/registry.json.
 * @param {string} releasesDir
 * @param {{ databaseUrl?: string; log?: (message: string) => void; root?: string }} [options]
 */
export async function publishForStart(releasesDir, { databaseUrl, log = console.log, root = ROOT } = {}) {
  if (!databaseUrl) return publishLocalBuilds(releasesDir, { log, root });
  // Loaded only here: a shop on the embedded database never loads the PostgreSQL client for this.
  const { openPgRegistryStore } = await import('./registry-store-pg.mjs');
  const store = await openPgRegistryStore(databaseUrl, { importFrom: releasesDir });
  try {
    await publishLocalBuilds(releasesDir, { log, store, root });
  } finally {
    await store.close();
  }
}
