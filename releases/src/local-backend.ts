// The release operations on this machine: RELEASES_DIR, with the pointer, history and log in PostgreSQL when a
// registry store is given (DATABASE_URL). Each answers the sentence the CLI prints, as the API answers its own.
import { NODE_BUILD_DIR, buildSizes, formatBytes, hasNodeBuild, loadNodeBuild } from './node-build.js';
import {
  SHELL_RELEASE,
  ReleaseError,
  abortRollout,
  approveRolloutStage,
  completeRollout,
  defaultActor,
  formatRolloutPlan,
  grantPreview,
  isPublished,
  lastGoodFile,
  publishRelease,
  readRegistryWithFallback,
  readReleaseActions,
  releaseStatus,
  releaseStore,
  repairRegistry,
  rollbackRelease,
  setRolloutPercent,
  startRollout,
} from './registry.js';
import { formatTime, secondsSince } from './cli-print.js';
import type { RegistryStore } from './registry.js';
import type { PublishInput, ReleaseBackend, StatusReading } from './backend.js';

export interface LocalOptions {
  releasesDir: string;
  /** the pointer, history and log in PostgreSQL (DATABASE_URL) */
  store?: RegistryStore;
  /** the key preview links are signed with (RELEASE_SIGNING_KEY, or DATA_DIR/release-signing.key) */
  signingKey?: () => string | undefined;
  /** where preview links point (default http://localhost:8080) */
  siteUrl?: string;
  /** who the action log names (default user@host) */
  actor?: string;
  /** a hash of a build's files, kept with the version to tell an identical build apart */
  buildHash?: (remote: string, distDir: string) => Promise<string>;
}

function size(half: { files: number; bytes: number }) {
  return `${formatBytes(half.bytes)} in ${half.files} file${half.files === 1 ? '' : 's'}`;
}

export function localBackend(options: LocalOptions): ReleaseBackend {
  const store = releaseStore(options.releasesDir, options.store);
  const by = () => options.actor ?? defaultActor();
  const target = (remote: string, why: string | undefined) => ({ store, remote, by: by(), why: why ?? '' });

  async function publish(build: PublishInput, progress: (line: string) => void) {
    const { remote, version, distDir, clientOnly } = build;
    const sizes = await buildSizes(distDir);
    const withNode = await hasNodeBuild(distDir, remote);
    progress(
      `${build.origin}: browser build ${size(sizes.browser)}, ` +
        (withNode
          ? `Node build ${size(sizes.node)}${clientOnly ? ' (left out: --client-only)' : ''}`
          : 'no Node build') +
        '.',
    );
    if (!withNode && !clientOnly) {
      throw new ReleaseError(
        `${distDir} has no Node build (${NODE_BUILD_DIR}/remoteEntry.js), so the site could not render ` +
          `${remote}'s pages on the server. Publish a build made by 'npm run build -w ${remote}' ` +
          `(it makes both), or pass --client-only to publish the browser build alone.`,
      );
    }
    const release = await publishRelease({
      store,
      remote,
      distDir,
      version,
      commit: build.commit,
      by: by(),
      ...(build.staged ? { staged: true } : {}),
      ...(options.buildHash ? { buildHash: await options.buildHash(remote, distDir) } : {}),
      ...(clientOnly
        ? { clientOnly }
        : {
            // In the version folder about to go live: exactly the files the site's renderer will load.
            verify: async (versionDir) => {
              const loading = Date.now();
              const { pages } = await loadNodeBuild(versionDir, remote).catch((error) => {
                throw new ReleaseError(
                  `The Node build of ${remote} ${version} does not load ` +
                    `(${error instanceof Error ? error.message : error}); nothing was published.`,
                );
              });
              progress(
                remote === SHELL_RELEASE
                  ? `The shell's Node render loaded in ${secondsSince(loading)}.`
                  : `Node build loaded: ${pages.length} page${pages.length === 1 ? '' : 's'} in ${secondsSince(loading)}.`,
              );
            },
          }),
    });
    return (
      (release.live
        ? `Published ${remote} ${release.version} (commit ${release.commit}); it is live now` +
          (release.previous ? ` (was ${release.previous}).` : '.')
        : `Published ${remote} ${release.version} (commit ${release.commit}), staged: ` +
          `${release.previous} stays live; preview it or roll it out.`) +
      (release.endedRollout ? ` The rollout of ${release.endedRollout} ended.` : '') +
      (clientOnly ? ' Client-only: the browser renders its pages, not the server.' : '')
    );
  }

  async function preview(remote: string, version: string, ttlSeconds: number) {
    const key = options.signingKey?.();
    if (!key)
      throw new ReleaseError(
        'No signing key: set RELEASE_SIGNING_KEY to the key the site server uses (npm start and npm run cluster ' +
          'keep it in DATA_DIR/release-signing.key)',
      );
    const { token, expiresAt } = await grantPreview({ store, remote, version, by: by(), key, ttlSeconds });
    const base = (options.siteUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
    return {
      link: `${base}/__preview?token=${token}`,
      note:
        `Opens ${remote} ${version} in the browser that follows the link, until ${formatTime(expiresAt)}; ` +
        'everyone else keeps the live version.',
    };
  }

  async function status(): Promise<StatusReading> {
    const reading = options.store
      ? { registry: await options.store.read(), damage: undefined, source: 'postgres' }
      : await readRegistryWithFallback(options.releasesDir);
    const { registry } = reading;
    return {
      registry,
      json: releaseStatus(registry),
      ...(reading.damage
        ? {
            damage: {
              detail: reading.damage,
              advice:
                reading.source === 'last-good'
                  ? `the site serves the last good copy (${lastGoodFile(options.releasesDir)}), shown above. Run 'npm run release -- repair' to restore it.`
                  : `there is no last good copy. Run 'npm run release -- repair' to rebuild the registry from the published versions.`,
            },
          }
        : {}),
    };
  }

  return {
    async assertUnpublished(remote, version) {
      if (await isPublished(store, remote, version)) {
        throw new ReleaseError(
          `${remote} ${version} is already published; versions are immutable, choose another --version`,
        );
      }
    },
    publish,
    preview,
    async startRollout(action) {
      const started = await startRollout({
        ...target(action.remote, action.why),
        version: action.version,
        ...('plan' in action ? { plan: action.plan } : { percent: action.percent }),
      });
      return (
        `Rolling out ${action.remote} ${started.version} to ${started.percent} % of visitors; the others keep ${started.current}.` +
        (started.plan ? ` Plan: ${formatRolloutPlan(started.plan)}.` : '')
      );
    },
    async setRolloutPercent(action) {
      const result = await setRolloutPercent({
        ...target(action.remote, action.why),
        percent: action.percent,
      });
      return (
        `${action.remote} ${result.version} goes to ${result.percent} % of visitors now (was ${result.from} %)` +
        (result.droppedPlan ? '; its plan is dropped, the share stays until you change it.' : '.')
      );
    },
    async approveRolloutStage(action) {
      const result = await approveRolloutStage(target(action.remote, action.why));
      return `${action.remote} ${result.version}: stage ${result.stage + 1} approved; ${result.percent} % of visitors get it now.`;
    },
    async completeRollout(action) {
      const result = await completeRollout(target(action.remote, action.why));
      return `${action.remote} ${result.to} is live for everyone now (was ${result.from}); the rollout is complete.`;
    },
    async abortRollout(action) {
      const result = await abortRollout(target(action.remote, action.why));
      return (
        `Aborted the rollout of ${action.remote} ${result.version} (it had ${result.percent} %): everyone gets ` +
        `${result.current} again, and ${result.version} is marked rolled back.`
      );
    },
    async rollback(action) {
      const result = await rollbackRelease({
        ...target(action.remote, action.why),
        ...(action.to ? { to: action.to } : {}),
      });
      return result.changed
        ? `${action.remote} ${result.to} is live now (was ${result.from}).`
        : `${action.remote} ${result.to} is already live; nothing changed.`;
    },
    status,
    log: (limit) => readReleaseActions({ store, limit }),
    async repair() {
      const result = await repairRegistry(options.releasesDir);
      return !result.repaired
        ? 'registry.json is good; nothing to repair.'
        : result.from === 'last-good'
          ? `Repaired registry.json from its last good copy (it was: ${result.damage}).`
          : `Rebuilt registry.json from the published version folders (it was: ${result.damage}); the newest version of each remote is live.`;
    },
  };
}
