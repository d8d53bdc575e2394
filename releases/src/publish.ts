// Publishing a version (its builds checked first) and moving the live pointer back or forward.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { SHELL, federationName, previousGoodVersion } from '@metrology/shared/release';
import { readBuildFiles } from './pack.js';
import { refusedFileReason } from './file-types.js';
import type { Registry, RegistryEntry, Release } from '@metrology/shared/contracts';
import {
  SHELL_RELEASE,
  ReleaseError,
  entryOf,
  withEntry,
  SHELL_NOT_STAGED,
  assertKnownRelease,
  assertValidVersion,
  type RegistryChange,
} from './model.js';
import type { ReleaseStore } from './release-store.js';
import { buildMarker, changeRegistry, defaultActor, releaseDir, exists, actionRow } from './file-store.js';

/**
 * Whether a version of a remote is published, whatever the registry says: its files are in the store's artifact
 * store, or its folder is in RELEASES_DIR (the only place without one, and where older versions stay).
 */
export async function isPublished(store: ReleaseStore, remote: string, version: string) {
  if (store.artifacts && (await store.artifacts.hasVersion(remote, version))) return true;
  return exists(releaseDir(store.releasesDir, remote, version));
}

/** Whether a published version's files can be served: its federation manifest is in the artifact store or folder. */
export async function servable(store: ReleaseStore, remote: string, version: string) {
  if (store.artifacts && (await store.artifacts.hasVersion(remote, version))) return true;
  return exists(path.join(releaseDir(store.releasesDir, remote, version), buildMarker(remote)));
}

function alreadyPublished(remote: string, version: string) {
  return new ReleaseError(
    `${remote} ${version} is already published; versions are immutable, choose another --version`,
  );
}

type BuildFile = { path: string; data: Buffer };

/** The files of a build folder, or none when there is no such folder (links refused, never followed). */
async function filesOf(distDir: string, clientOnly = false): Promise<BuildFile[]> {
  const stat = await fs.stat(distDir).catch(() => null);
  if (!stat?.isDirectory()) return [];
  return readBuildFiles(distDir, { clientOnly });
}

/**
 * Checks that files are a production build of this remote: every file of a type a release may hold (file-types.ts),
 * a federation manifest naming the remote and its remote entry; the shell's: its page, its asset list and its Node render, and no federation manifest.
 * @param label how messages name the build (its folder, or 'the pack')
 */
export function assertBuildFiles(remote: string, files: BuildFile[], label: string) {
  // Only types the site serves inert or as code: never a page of the team's own on the shop's origin.
  for (const file of files) {
    const refusal = refusedFileReason(file.path);
    if (refusal) throw new ReleaseError(`${label}: ${refusal}`);
  }
  const byPath = new Map(files.map((file) => [file.path, file.data]));
  if (remote === SHELL_RELEASE) {
    for (const file of ['index.html', 'page-assets.json', 'server/render.js']) {
      if (!byPath.has(file))
        throw new ReleaseError(
          `${label} holds no production build of the shell (${file} is missing); build it with npm run build -w ${SHELL.workspace}`,
        );
    }
    if (byPath.has('mf-manifest.json'))
      throw new ReleaseError(`${label} is a build of a remote (it has mf-manifest.json), not of the shell`);
    return;
  }
  let manifest;
  try {
    manifest = JSON.parse(byPath.get('mf-manifest.json')?.toString('utf8') ?? '');
  } catch {
    throw new ReleaseError(
      `${label} holds no production build of ${remote} (mf-manifest.json is missing or unreadable)`,
    );
  }
  const name = manifest?.name ?? manifest?.metaData?.name;
  if (name !== federationName(remote))
    throw new ReleaseError(`${label} is a build of '${name}', not of ${remote} (${federationName(remote)})`);
  if (!byPath.has(manifest?.metaData?.remoteEntry?.name ?? 'remoteEntry.js'))
    throw new ReleaseError(`${label} has a manifest but no remote entry file`);
}

/** Checks that distDir is a production build of this remote (or of the shell). */
export async function assertBuildOf(remote: string, distDir: string) {
  assertBuildFiles(remote, await filesOf(distDir), distDir);
}

/**
 * Publishes a built remote (or the shell) as a new immutable version and makes it live. What is published is
 * exactly `files` when given (an upload, already checked in memory), else the build folder's regular files as read
 * once (a link is refused, never followed nor kept); the version is written from those bytes.
 * The shell is never staged nor client-only: a shell version is live for every visitor, with its Node render.
 * - clientOnly: published without its Node build (server/ is left out of the version folder even if the build
 *   has one, so the site renders the section in the browser, as the registry then says).
 * - verify: called with the complete version folder before it is renamed into place and the pointer moves (the
 *   release CLI loads the Node build there); when it throws, nothing is published.
 * A rollout running for the remote ends: the published version is live for everyone (the action log says so).
 * - staged: published without going live (the live version and a running rollout stay), to be previewed and
 *   rolled out; a remote's first version goes live all the same (there is nothing else to serve).
 */
export async function publishRelease({
  store,
  remote,
  distDir,
  files: given,
  version,
  commit,
  buildHash,
  clientOnly = false,
  staged = false,
  verify,
  workDir = tmpdir(),
  now = () => new Date(),
  by = defaultActor(),
  why = '',
}: {
  store: ReleaseStore;
  remote: string;
  distDir?: string;
  files?: BuildFile[];
  version: string;
  commit: string;
  buildHash?: string;
  clientOnly?: boolean;
  staged?: boolean;
  verify?: (versionDir: string) => Promise<void>;
  /** Where a version bound for an artifact store is put together: the system's temporary folder unless given. */
  workDir?: string;
  now?: () => Date;
  by?: string;
  why?: string;
}): Promise<Release & { previous?: string; endedRollout?: string; live: boolean }> {
  assertKnownRelease(remote);
  if (remote === SHELL_RELEASE && (staged || clientOnly))
    throw new ReleaseError(
      staged ? SHELL_NOT_STAGED : 'The shell is published with its Node render; --client-only is for remotes',
    );
  assertValidVersion(version);
  if (!given && distDir === undefined)
    throw new ReleaseError('Nothing to publish: give a build folder or files');
  const label = distDir ?? 'the pack';
  const files = (given ?? (await filesOf(distDir as string))).filter(
    (file) => file.path !== '.fingerprint' && !(clientOnly && file.path.startsWith('server/')),
  );
  assertBuildFiles(remote, files, label);
  const target = releaseDir(store.releasesDir, remote, version);
  const artifacts = store.artifacts;
  if (await isPublished(store, remote, version)) throw alreadyPublished(remote, version);
  // Written beside the target outside the lock (it can take a while), then renamed under it: a half-written version
  // is never visible, and of two publishes of one version only the first rename wins. With an artifact store the
  // folder is only for verify, and the same bytes are stored with the pointer change: RELEASES_DIR is not written.
  const work = artifacts ? await fs.mkdtemp(path.join(workDir, 'metrology-publish-')) : undefined;
  if (!work) await fs.mkdir(path.dirname(target), { recursive: true });
  const staging = work
    ? path.join(work, `${remote}-${version}`)
    : `${target}.staging-${randomBytes(4).toString('hex')}`;
  try {
    await writeFiles(staging, files);
    if (verify) await verify(staging);
    return await changeRegistry(store, async (registry) => {
      if (await isPublished(store, remote, version)) throw alreadyPublished(remote, version);
      if (!work) await fs.rename(staging, target);
      const entry = entryOf(registry, remote);
      const live = !staged || !entry;
      const at = now().toISOString();
      const release: Release = {
        version,
        publishedAt: at,
        commit,
        ...(buildHash ? { buildHash } : {}),
        ...(clientOnly ? { clientOnly: true } : {}),
        ...(live ? { liveAt: at } : { staged: true }),
      };
      const ended = live ? entry?.rollout?.version : undefined;
      const history = [
        ...(entry?.history ?? []).map((known) => wentOff(known, entry, live, ended, at)),
        release,
      ];
      const next = withEntry(
        registry,
        remote,
        live ? { current: version, history } : { ...(entry as RegistryEntry), history },
      );
      return {
        registry: next,
        ...(work ? { artifacts: { remote, version, files } } : {}),
        result: {
          ...release,
          live,
          ...(entry ? { previous: entry.current } : {}),
          ...(ended ? { endedRollout: ended } : {}),
        },
        actions: [
          actionRow({
            at,
            actor: by,
            action: 'publish',
            remote,
            version,
            from: entry?.current ?? '',
            to: live ? version : (entry?.current ?? ''),
            why: [
              why,
              live ? '' : 'staged: not live',
              ended ? `ended the rollout of ${ended}` : '',
              clientOnly ? 'client-only' : '',
            ]
              .filter(Boolean)
              .join('; '),
          }),
        ],
      };
    });
  } finally {
    await fs.rm(work ?? staging, { recursive: true, force: true });
  }
}

/**
 * A release already published, as a publish of another version leaves it: a live publish ends the live version's
 * time (liveUntil) and cuts short the canary of the rollout it ends (cutShortAt); a staged publish changes nothing.
 */
function wentOff(
  release: Release,
  entry: RegistryEntry | undefined,
  live: boolean,
  ended: string | undefined,
  at: string,
): Release {
  if (!live || !entry) return release;
  if (release.version === entry.current) return { ...release, liveUntil: at };
  if (release.version === ended) return { ...release, cutShortAt: at };
  return release;
}

/** Writes files into a new folder, each new (never over a file or through a link). */
async function writeFiles(dir: string, files: BuildFile[]) {
  const root = path.resolve(dir);
  await fs.mkdir(root);
  for (const file of files) {
    const target = path.resolve(root, ...file.path.split('/'));
    if (!target.startsWith(root + path.sep)) throw new ReleaseError(`${file.path}: outside the build`);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, file.data, { flag: 'wx' });
  }
}

/**
 * Moves a remote's live pointer to the previous good version, or to a named published one. Only the pointer
 * changes; the version folders stay as they are.
 * A running rollout keeps running, unless its version is the one made live (then it has ended).
 */
export async function rollbackRelease({
  store,
  remote,
  to,
  now = () => new Date(),
  by = defaultActor(),
  why = '',
}: {
  store: ReleaseStore;
  remote: string;
  to?: string;
  now?: () => Date;
  by?: string;
  why?: string;
}): Promise<{ from: string; to: string; changed: boolean; action: 'rollback' | 're-promote' }> {
  assertKnownRelease(remote);
  if (to !== undefined) assertValidVersion(to);
  const move: (
    registry: Registry,
  ) => Promise<
    RegistryChange<{ from: string; to: string; changed: boolean; action: 'rollback' | 're-promote' }>
  > = async (
    registry,
  ): Promise<
    RegistryChange<{ from: string; to: string; changed: boolean; action: 'rollback' | 're-promote' }>
  > => {
    const entry = entryOf(registry, remote);
    if (!entry) throw new ReleaseError(`${remote} has never been published; there is nothing to roll back`);
    const published = entry.history.map((release) => release.version);
    const target = to ?? previousGoodVersion(entry);
    if (target === undefined) {
      throw new ReleaseError(
        `${remote} ${entry.current} has no earlier good version to roll back to (history: ${published.join(', ')})`,
      );
    }
    const targetIndex = published.indexOf(target);
    const action = (targetIndex < published.indexOf(entry.current) ? 'rollback' : 're-promote') as
      'rollback' | 're-promote';
    if (target === entry.current) {
      const result = { from: entry.current, to: target, changed: false, action };
      const row = actionRow({
        at: now().toISOString(),
        actor: by,
        action,
        remote,
        from: target,
        to: target,
        changed: false,
        why,
      });
      return { registry: null, result, actions: [row] };
    }
    if (targetIndex === -1) {
      throw new ReleaseError(`${remote} ${target} was never published (published: ${published.join(', ')})`);
    }
    if (!(await servable(store, remote, target))) {
      throw new ReleaseError(
        `The files of ${remote} ${target} are missing from ${store.releasesDir}; it cannot go live`,
      );
    }
    const currentIndex = published.indexOf(entry.current);
    const at = now().toISOString();
    const history = entry.history.map((release, index) => {
      // The one we leave stops being live; going back to an older version marks it rolled back too, going forward
      // does not. The target is live for everyone from now on (a good version again if it was rolled back).
      if (index === currentIndex)
        return { ...release, liveUntil: at, ...(targetIndex < currentIndex ? { rolledBackAt: at } : {}) };
      if (index === targetIndex) {
        const { rolledBackAt: _cleared, liveUntil: _ended, ...rest } = release;
        return { ...rest, liveAt: at };
      }
      return release;
    });
    const rollout = entry.rollout && entry.rollout.version !== target ? { rollout: entry.rollout } : {};
    return {
      registry: withEntry(registry, remote, { current: target, history, ...rollout }),
      result: { from: entry.current, to: target, changed: true, action },
      actions: [actionRow({ at, actor: by, action, remote, from: entry.current, to: target, why })],
    };
  };
  return changeRegistry(store, move);
}
