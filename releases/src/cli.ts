// `npm run release -- publish|preview|rollout|complete|abort|rollback|status|log`: what a release manager does
// with one remote at a time.
import path from 'node:path';
import { signToken } from '@metrology/server-kit/signed-token';
import {
  abortRollout,
  approveRolloutStage,
  completeRollout,
  defaultActor,
  formatRolloutPlan,
  readReleaseActions,
  setRolloutPercent,
  startRollout,
  SHELL_RELEASE,
  ReleaseError,
  assertBuildOf,
  assertKnownRelease,
  isPublished,
  isValidVersion,
  publishRelease,
  lastGoodFile,
  readRegistryWithFallback,
  releaseStore,
  releaseStatus,
  repairRegistry,
  recordAction,
  rollbackRelease,
} from './registry.js';
import { NODE_BUILD_DIR, buildSizes, formatBytes, hasNodeBuild, loadNodeBuild } from './node-build.js';
import { runRemoteRelease } from './http-client.js';
import { HELP, UsageError, parseReleaseArgs } from './cli-args.js';
import { actionsTable, formatTime, statusTable } from './cli-print.js';

export * from './cli-args.js';
export * from './cli-print.js';
import type { RegistryStore } from './registry.js';
import type { ReleaseCommand } from './commands.js';

export const EXIT = { ok: 0, refused: 1, usage: 2 };

export interface ReleaseDeps {
  releasesDir: string;
  /** the pointer and history in PostgreSQL (DATABASE_URL) */
  store?: RegistryStore;
  /** the version in <remote>/package.json */
  packageVersion: (remote: string) => Promise<string>;
  /** a production build: the browser build in distDir, its Node build in distDir/server */
  build: (remote: string) => Promise<{ distDir: string; cleanup: () => Promise<void> }>;
  /** the short commit the build comes from */
  commit: () => string;
  buildHash?: (remote: string, distDir: string) => Promise<string>;
  /** where relative --dist paths start (npm run moves to the repo root; INIT_CWD is where it ran) */
  cwd?: string;
  out: (line: string) => void;
  err: (line: string) => void;
  /** RELEASE_SIGNING_KEY (or DATA_DIR/release-signing.key) */
  signingKey?: () => string | undefined;
  /** where preview links point (default http://localhost:8080) */
  siteUrl?: string;
  /** who the action log names (default user@host) */
  actor?: string;
  /** RELEASE_URL: run every command on this shop's API instead of RELEASES_DIR */
  releaseUrl?: string;
  /** RELEASE_TOKEN: the deploy token sent with those calls */
  releaseToken?: string;
  /** RELEASE_EMAIL and RELEASE_PASSWORD (token commands) */
  managerLogin?: { email: string; password: string };
  fetch?: typeof fetch;
}

function seconds(since: number) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function size(half: { files: number; bytes: number }) {
  return `${formatBytes(half.bytes)} in ${half.files} file${half.files === 1 ? '' : 's'}`;
}

async function publish(
  deps: ReleaseDeps,
  command: { remote: string; version?: string; dist?: string; clientOnly?: true; staged?: true },
) {
  const started = Date.now();
  const version = command.version ?? (await deps.packageVersion(command.remote));
  if (!isValidVersion(version)) {
    throw new ReleaseError(
      `${command.remote}/package.json has version '${version}', which is not like 1.4.0; pass --version`,
    );
  }
  // Refuse before spending a build on it; publishRelease checks again under the lock.
  if (await isPublished(storeOf(deps), command.remote, version)) {
    throw new ReleaseError(
      `${command.remote} ${version} is already published; versions are immutable, choose another --version`,
    );
  }
  const building = Date.now();
  const built = command.dist
    ? { distDir: path.resolve(deps.cwd ?? process.cwd(), command.dist), cleanup: async () => undefined }
    : await deps.build(command.remote);
  try {
    const { distDir } = built;
    const clientOnly = command.clientOnly === true;
    // A folder that is no build of this remote is refused as such before its halves are measured.
    await assertBuildOf(command.remote, distDir);
    const sizes = await buildSizes(distDir);
    const withNode = await hasNodeBuild(distDir, command.remote);
    deps.out(
      `${command.dist ? `Publishing ${distDir}` : `Built ${command.remote} in ${seconds(building)}`}: ` +
        `browser build ${size(sizes.browser)}, ` +
        (withNode
          ? `Node build ${size(sizes.node)}${clientOnly ? ' (left out: --client-only)' : ''}`
          : 'no Node build') +
        '.',
    );
    if (!withNode && !clientOnly) {
      throw new ReleaseError(
        `${distDir} has no Node build (${NODE_BUILD_DIR}/remoteEntry.js), so the site could not render ` +
          `${command.remote}'s pages on the server. Publish a build made by 'npm run build -w ${command.remote}' ` +
          `(it makes both), or pass --client-only to publish the browser build alone.`,
      );
    }
    const release = await publishRelease({
      store: storeOf(deps),
      remote: command.remote,
      distDir,
      version,
      commit: deps.commit(),
      by: deps.actor ?? defaultActor(),
      ...(command.staged ? { staged: true } : {}),
      ...(deps.buildHash ? { buildHash: await deps.buildHash(command.remote, distDir) } : {}),
      ...(clientOnly
        ? { clientOnly }
        : {
            // In the version folder about to go live: exactly the files the site's renderer will load.
            verify: async (versionDir) => {
              const loading = Date.now();
              const { pages } = await loadNodeBuild(versionDir, command.remote).catch((error) => {
                throw new ReleaseError(
                  `The Node build of ${command.remote} ${version} does not load ` +
                    `(${error instanceof Error ? error.message : error}); nothing was published.`,
                );
              });
              deps.out(
                command.remote === SHELL_RELEASE
                  ? `The shell's Node render loaded in ${seconds(loading)}.`
                  : `Node build loaded: ${pages.length} page${pages.length === 1 ? '' : 's'} in ${seconds(loading)}.`,
              );
            },
          }),
    });
    deps.out(
      (release.live
        ? `Published ${command.remote} ${release.version} (commit ${release.commit}); it is live now` +
          (release.previous ? ` (was ${release.previous}).` : '.')
        : `Published ${command.remote} ${release.version} (commit ${release.commit}), staged: ` +
          `${release.previous} stays live; preview it or roll it out.`) +
        (release.endedRollout ? ` The rollout of ${release.endedRollout} ended.` : '') +
        (clientOnly ? ' Client-only: the browser renders its pages, not the server.' : ''),
    );
    deps.out(`Done in ${seconds(started)}.`);
  } finally {
    await built.cleanup();
  }
}

/** The release store the commands work on: RELEASES_DIR, with the registry in PostgreSQL when there is one. */
function storeOf(deps: ReleaseDeps) {
  return releaseStore(deps.releasesDir, deps.store);
}

/** The options every registry action takes. */
function target(deps: ReleaseDeps, remote: string) {
  return { store: storeOf(deps), remote, by: deps.actor ?? defaultActor() };
}

async function readLive(deps: ReleaseDeps) {
  return storeOf(deps).read();
}

async function preview(deps: ReleaseDeps, command: { remote: string; version: string; ttlSeconds: number }) {
  const key = deps.signingKey?.();
  if (!key)
    throw new ReleaseError(
      'No signing key: set RELEASE_SIGNING_KEY to the key the site server uses (npm start and npm run cluster ' +
        'keep it in DATA_DIR/release-signing.key)',
    );
  const entry = (await readLive(deps)).remotes[command.remote];
  const published = entry?.history.map((release) => release.version) ?? [];
  if (!entry || !published.includes(command.version))
    throw new ReleaseError(
      `${command.remote} ${command.version} is not published` +
        (published.length ? ` (published: ${published.join(', ')})` : ''),
    );
  if (entry.current === command.version)
    throw new ReleaseError(`${command.remote} ${command.version} is live; everyone sees it already`);
  const token = signToken(
    key,
    { preview: { remote: command.remote, version: command.version } },
    command.ttlSeconds,
  );
  const base = (deps.siteUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
  const expires = new Date(Date.now() + command.ttlSeconds * 1000).toISOString();
  await recordAction({
    store: storeOf(deps),
    action: {
      at: new Date().toISOString(),
      actor: deps.actor ?? defaultActor(),
      action: 'preview',
      remote: command.remote,
      version: command.version,
      from: entry.current,
      to: entry.current,
      changed: false,
      why: `preview link until ${expires}`,
      automatic: false,
    },
  });
  deps.out(`${base}/__preview?token=${token}`);
  deps.err(
    `Opens ${command.remote} ${command.version} in the browser that follows the link, until ${formatTime(expires)}; ` +
      'everyone else keeps the live version.',
  );
}

async function rollout(deps: ReleaseDeps, command: Extract<ReleaseCommand, { command: 'rollout' }>) {
  const why = command.why ?? '';
  if ('approve' in command) {
    const result = await approveRolloutStage({ ...target(deps, command.remote), why });
    deps.out(
      `${command.remote} ${result.version}: stage ${result.stage + 1} approved; ${result.percent} % of visitors get it now.`,
    );
    return;
  }
  if (!('version' in command)) {
    const result = await setRolloutPercent({
      ...target(deps, command.remote),
      percent: command.percent,
      why,
    });
    deps.out(
      `${command.remote} ${result.version} goes to ${result.percent} % of visitors now (was ${result.from} %)` +
        (result.droppedPlan ? '; its plan is dropped, the share stays until you change it.' : '.'),
    );
    return;
  }
  const started = await startRollout({
    ...target(deps, command.remote),
    version: command.version,
    ...('plan' in command ? { plan: command.plan } : { percent: command.percent }),
    why,
  });
  deps.out(
    `Rolling out ${command.remote} ${started.version} to ${started.percent} % of visitors; the others keep ${started.current}.` +
      (started.plan ? ` Plan: ${formatRolloutPlan(started.plan)}.` : ''),
  );
}

/** Runs one release command; returns the process exit code. Errors are printed, never thrown. */
export async function runRelease(argv: string[], deps: ReleaseDeps): Promise<number> {
  let command;
  try {
    command = parseReleaseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    deps.err(`release: ${error.message}`);
    deps.err(`Run 'npm run release -- --help' for usage.`);
    return EXIT.usage;
  }
  const url = command.url ?? deps.releaseUrl;
  if (command.command !== 'help' && (url || command.command === 'token')) {
    try {
      await runRemoteRelease(command, {
        url: url ?? 'http://localhost:4000',
        ...(deps.releaseToken ? { token: deps.releaseToken } : {}),
        ...(deps.managerLogin ? { login: deps.managerLogin } : {}),
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
        out: deps.out,
        err: deps.err,
        build: deps.build,
        packageVersion: deps.packageVersion,
        commit: deps.commit,
        ...(deps.cwd ? { cwd: deps.cwd } : {}),
      });
      return EXIT.ok;
    } catch (error) {
      deps.err(`release: ${error instanceof Error ? error.message : String(error)}`);
      return EXIT.refused;
    }
  }
  try {
    switch (command.command) {
      case 'help':
        deps.out(HELP);
        return EXIT.ok;
      case 'status': {
        const reading = deps.store
          ? { registry: await deps.store.read(), damage: undefined, source: 'postgres' }
          : await readRegistryWithFallback(deps.releasesDir);
        const { registry } = reading;
        deps.out(command.json ? JSON.stringify(releaseStatus(registry), null, 2) : statusTable(registry));
        if (reading.damage) {
          deps.err(`release: DAMAGED: ${reading.damage}`);
          deps.err(
            reading.source === 'last-good'
              ? `release: the site serves the last good copy (${lastGoodFile(deps.releasesDir)}), shown above. Run 'npm run release -- repair' to restore it.`
              : `release: there is no last good copy. Run 'npm run release -- repair' to rebuild the registry from the published versions.`,
          );
          return EXIT.refused;
        }
        return EXIT.ok;
      }
      case 'repair': {
        const result = await repairRegistry(deps.releasesDir);
        deps.out(
          !result.repaired
            ? 'registry.json is good; nothing to repair.'
            : result.from === 'last-good'
              ? `Repaired registry.json from its last good copy (it was: ${result.damage}).`
              : `Rebuilt registry.json from the published version folders (it was: ${result.damage}); the newest version of each remote is live.`,
        );
        return EXIT.ok;
      }
      case 'publish':
        assertKnownRelease(command.remote);
        await publish(deps, command);
        return EXIT.ok;
      case 'preview':
        await preview(deps, command);
        return EXIT.ok;
      case 'rollout':
        await rollout(deps, command);
        return EXIT.ok;
      case 'complete': {
        const result = await completeRollout({ ...target(deps, command.remote), why: command.why ?? '' });
        deps.out(
          `${command.remote} ${result.to} is live for everyone now (was ${result.from}); the rollout is complete.`,
        );
        return EXIT.ok;
      }
      case 'abort': {
        const result = await abortRollout({ ...target(deps, command.remote), why: command.why ?? '' });
        deps.out(
          `Aborted the rollout of ${command.remote} ${result.version} (it had ${result.percent} %): everyone gets ` +
            `${result.current} again, and ${result.version} is marked rolled back.`,
        );
        return EXIT.ok;
      }
      case 'log': {
        const actions = await readReleaseActions({ store: storeOf(deps), limit: command.limit });
        if (command.json) deps.out(JSON.stringify(actions, null, 2));
        else deps.out(actions.length ? actionsTable(actions) : 'No actions yet.');
        return EXIT.ok;
      }
      case 'rollback': {
        const result = await rollbackRelease({
          ...target(deps, command.remote),
          ...(command.to ? { to: command.to } : {}),
          why: command.why ?? '',
        });
        deps.out(
          result.changed
            ? `${command.remote} ${result.to} is live now (was ${result.from}).`
            : `${command.remote} ${result.to} is already live; nothing changed.`,
        );
        return EXIT.ok;
      }
    }
  } catch (error) {
    deps.err(`release: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.refused;
  }
}
