import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Site } from './fixtures';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RELEASE_SCRIPT = path.join(ROOT, 'tools/scripts/release.mjs');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The real release CLI (`npm run release -- ...`) on the running site's RELEASES_DIR. */
export function release(site: Site, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [RELEASE_SCRIPT, ...args],
      { cwd: ROOT, env: { ...process.env, RELEASES_DIR: site.releasesDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The release CLI, which must succeed silently on stderr; its stdout. */
export async function releaseOk(site: Site, ...args: string[]): Promise<string> {
  const result = await release(site, ...args);
  expect(result.stderr, `release ${args.join(' ')}`).toBe('');
  expect(result.code, `release ${args.join(' ')}`).toBe(0);
  return result.stdout;
}

/** The live version of a remote, as `release status --json` says. */
export async function liveVersion(site: Site, remote: string): Promise<string> {
  const status = JSON.parse(await releaseOk(site, 'status', '--json')) as Record<string, { current: string }>;
  const current = status[remote]?.current;
  if (!current) throw new Error(`${remote} is not published`);
  return current;
}

/** A running rollout of a remote, as `release status --json` says; undefined when none runs. */
export async function rolloutOf(
  site: Site,
  remote: string,
): Promise<{ version: string; percent: number } | undefined> {
  const status = JSON.parse(await releaseOk(site, 'status', '--json')) as Record<
    string,
    { rollout?: { version: string; percent: number } }
  >;
  return status[remote]?.rollout;
}

/** A row of `release log --json`. */
export interface ActionRow {
  action: string;
  remote: string;
  version: string;
  automatic?: boolean;
  why?: string;
}
