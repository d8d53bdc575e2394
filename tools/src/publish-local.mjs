// @ts-check
// What `npm start` publishes: each remote's current build, unless that exact build is already published.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { buildHash } from './build.mjs';
import { ROOT } from './paths.mjs';
import { REMOTE_NAMES, publishRelease, readRegistryWithFallback, releaseDir } from './registry.mjs';

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
 * @param {{ log?: (message: string) => void; store?: import('./registry.mjs').RegistryStore }} [options]
 */
export async function publishLocalBuilds(releasesDir, { log = console.log, store } = {}) {
  const registry = store ? await store.read() : (await readRegistryWithFallback(releasesDir)).registry;
  for (const remote of REMOTE_NAMES) {
    const distDir = path.join(ROOT, remote, 'dist');
    const hash = await buildHash(distDir);
    const entry = registry.remotes[remote];
    if (entry?.history.some((release) => release.buildHash === hash)) continue;
    const { version: baseVersion } = JSON.parse(
      await fs.readFile(path.join(ROOT, remote, 'package.json'), 'utf8'),
    );
    const taken = await fs.stat(releaseDir(releasesDir, remote, baseVersion)).then(
      () => true,
      () => false,
    );
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
