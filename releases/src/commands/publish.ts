// `release publish <remote>`: the version (--version or the remote's package.json), the build (--dist or a fresh
// production build), checked to be a build of that remote, then published by the backend; the build made here is
// removed afterwards whatever happens.
import path from 'node:path';
import { EXIT, type Output, type ReleaseBackend } from '../backend.js';
import { secondsSince } from '../cli-print.js';
import { ReleaseError, assertKnownRelease, isValidVersion } from '../model.js';
import { assertBuildOf } from '../publish.js';
import type { CommandOf } from '../parsed-command.js';

/** How a version and its build are found. */
export interface BuildDeps {
  /** the version in <remote>/package.json */
  packageVersion: (remote: string) => Promise<string>;
  /** a production build: the browser build in distDir, its Node build in distDir/server */
  build: (remote: string) => Promise<{ distDir: string; cleanup: () => Promise<unknown> }>;
  /** the short commit the build comes from */
  commit: () => string;
  /** where relative --dist paths start (npm run moves to the repo root; INIT_CWD is where it ran) */
  cwd?: string;
}

export async function publish(
  command: CommandOf<'publish'>,
  backend: ReleaseBackend,
  deps: Output & BuildDeps,
): Promise<number> {
  const started = Date.now();
  const { remote } = command;
  assertKnownRelease(remote);
  const version = command.version ?? (await deps.packageVersion(remote));
  if (!isValidVersion(version)) {
    throw new ReleaseError(
      `${remote}/package.json has version '${version}', which is not like 1.4.0; pass --version`,
    );
  }
  // Refused before a build is spent on it; the publish itself checks again under the registry's lock.
  await backend.assertUnpublished(remote, version);
  const building = Date.now();
  const built = command.dist
    ? { distDir: path.resolve(deps.cwd ?? process.cwd(), command.dist), cleanup: async () => undefined }
    : await deps.build(remote);
  try {
    const { distDir } = built;
    // A folder that is no build of this remote is refused as such before anything is measured or sent.
    await assertBuildOf(remote, distDir);
    const said = await backend.publish(
      {
        remote,
        version,
        commit: deps.commit(),
        distDir,
        origin: command.dist ? `Publishing ${distDir}` : `Built ${remote} in ${secondsSince(building)}`,
        clientOnly: command.clientOnly === true,
        staged: command.staged === true,
      },
      deps.out,
    );
    deps.out(said);
    deps.out(`Done in ${secondsSince(started)}.`);
    return EXIT.ok;
  } finally {
    await built.cleanup();
  }
}
