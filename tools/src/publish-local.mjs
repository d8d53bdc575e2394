// @ts-check
// What `npm start` publishes: each remote's current build and the shell's, unless that exact build is already
// published, into the registry the site servers read: PostgreSQL's release_registry table with DATABASE_URL,
// registry.json otherwise. The site serves the shell from its live version, never from shell/dist once published.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { buildHash } from './build.mjs';
import { ROOT } from './paths.mjs';
import {
  RELEASE_NAMES,
  SHELL_RELEASE,
  entryOf,
  isPublished,
  publishRelease,
  releaseStore,
} from '@metrology/releases/registry';

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
 * Publishes the builds in <root>/<name>/dist of the remotes and the shell (all by default) that are not published
 * yet; returns what was published.
 * @param {string} releasesDir
 * @param {{ log?: (message: string) => void; store?: import('@metrology/releases/registry').RegistryStore; root?: string; only?: readonly string[]; by?: string; why?: string; distOf?: (name: string) => string }} [options]
 *   root: the repository whose <remote>/dist builds are published (tests use their own); only: these names;
 *   distOf: where a name's build is (default <root>/<name>/dist)
 * @returns {Promise<{ remote: string; version: string; previous?: string }[]>}
 */
export async function publishLocalBuilds(
  releasesDir,
  { log = console.log, store, root = ROOT, only = RELEASE_NAMES, by, why, distOf } = {},
) {
  // RELEASES_DIR, with the registry in PostgreSQL when a store is given: publish never asks which.
  const releases = releaseStore(releasesDir, store);
  const registry = await releases.read();
  /** @type {{ remote: string; version: string; previous?: string }[]} */
  const published = [];
  for (const remote of only) {
    const distDir = distOf ? distOf(remote) : path.join(root, remote, 'dist');
    const hash = await buildHash(distDir);
    const entry = entryOf(registry, remote);
    if (entry?.history.some((release) => release.buildHash === hash)) continue;
    const { version: baseVersion } = JSON.parse(
      await fs.readFile(path.join(root, remote, 'package.json'), 'utf8'),
    );
    const taken = await isPublished(releases, remote, baseVersion);
    // The package version is used once; a changed local build of the same version gets a build suffix.
    const version = taken ? `${baseVersion}-local.${hash.slice(0, 8)}` : baseVersion;
    const release = await publishRelease({
      store: releases,
      remote,
      distDir,
      version,
      commit: currentCommit(),
      buildHash: hash,
      ...(by ? { by } : {}),
      ...(why ? { why } : {}),
    });
    published.push({ remote, version, ...(release.previous ? { previous: release.previous } : {}) });
    log(`Published ${remote} ${version}`);
  }
  return published;
}

/**
 * A rolling deploy's release of the shell: the build in <root>/shell/dist becomes a new version and the shell's live
 * pointer moves to it (unless this exact build is published already). The site servers serve it from the store on
 * their next request; shell/dist is only where it was built, never what is served.
 * @param {string} releasesDir
 * @param {{ store?: import('@metrology/releases/registry').RegistryStore; root?: string; distDir?: string; log?: (message: string) => void }} [options]
 *   distDir: the shell's build (default <root>/shell/dist)
 */
export async function publishShellBuild(
  releasesDir,
  { store, root = ROOT, distDir, log = console.log } = {},
) {
  const [published] = await publishLocalBuilds(releasesDir, {
    log: () => undefined,
    ...(store ? { store } : {}),
    root,
    ...(distDir ? { distOf: () => distDir } : {}),
    only: [SHELL_RELEASE],
    why: 'rolling deploy',
  });
  log(
    published
      ? `shell: published ${published.version} and made it live${published.previous ? ` (was ${published.previous})` : ''}`
      : 'shell: this build is published already; the shell pointer stays',
  );
  return published ?? null;
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
  const { openPgRegistryStore } = await import('@metrology/releases/pg-store');
  const store = await openPgRegistryStore(databaseUrl, { importFrom: releasesDir });
  try {
    await publishLocalBuilds(releasesDir, { log, store, root });
  } finally {
    await store.close();
  }
}
