import type { ModuleFederation, ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTES, federationName, type RemoteName } from '../routes/route-table';
import type { LoadFailureReport } from './load-failure-report';
import { MAX_TRIES, backoffMs, type FailureKind, type ReleasePlan } from './release-plan';
import { IncompatibleReleaseError, isStrictVersionRefusal, sharedConflicts } from './shared-compatibility';

export interface GuardDeps {
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => void;
  report: (report: LoadFailureReport) => void;
  sleep: (ms: number) => Promise<void>;
  pageUrl: () => string;
  warn: (message: string) => void;
}

/** mfe_content -> mfe-content; undefined for anything that is not one of the shop's remotes. */
export function remoteOfContainer(name: string | undefined): RemoteName | undefined {
  return REMOTES.find((remote) => federationName(remote) === name);
}

/** 'mfe_content/AboutPage' -> mfe-content */
export function remoteOfRequest(id: string): RemoteName | undefined {
  return remoteOfContainer(id.split('/')[0]);
}

/** The runtime prefixes errors that pass through it; release managers need only what went wrong. */
function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/^\[ Federation Runtime \]: /, '');
}

/**
 * Two versions of one remote share webpack's chunk list global (webpackChunk<uniqueName>): a fresh container
 * would adopt the chunks the previous one pushed there, possibly another version's code. Start it empty.
 */
function forgetChunks(container: string): void {
  delete (globalThis as Record<string, unknown>)[`webpackChunk${container}`];
}

/**
 * Keeps each section on a working release: retries a failing version with a bounded backoff, then falls back
 * to the last known good one, and reports every version it gives up on.
 */
export class ReleaseGuard {
  private plans = new Map<RemoteName, ReleasePlan>();
  /** The loading step that failed last, per remote, noted by the runtime plugin's hooks. */
  private readonly failedStep = new Map<RemoteName, FailureKind>();

  constructor(private readonly deps: GuardDeps) {}

  /** Starts every remote at its live version (registered with the federation runtime). */
  start(plans: readonly ReleasePlan[]): void {
    this.plans = new Map(plans.map((plan) => [plan.remote, plan]));
    this.failedStep.clear();
    const entries = plans.flatMap((plan) =>
      plan.active ? [{ name: federationName(plan.remote), entry: plan.active.entry }] : [],
    );
    this.deps.registerRemotes(entries);
  }

  plan(remote: RemoteName): ReleasePlan | undefined {
    return this.plans.get(remote);
  }

  activeVersion(remote: RemoteName): string | undefined {
    return this.plans.get(remote)?.active?.version;
  }

  /** Registers the plan's active version in place of whatever was registered, dropping its loaded container. */
  private activate(plan: ReleasePlan): void {
    const candidate = plan.active;
    if (!candidate) return;
    const container = federationName(plan.remote);
    forgetChunks(container);
    this.deps.registerRemotes([{ name: container, entry: candidate.entry }], { force: true });
  }

  noteFailedStep(remote: RemoteName, kind: FailureKind): void {
    this.failedStep.set(remote, kind);
  }

  /** What kind of failure an error from loading a remote is. */
  classify(remote: RemoteName, error: unknown): FailureKind {
    const step = this.failedStep.get(remote);
    this.failedStep.delete(remote);
    if (error instanceof IncompatibleReleaseError || isStrictVersionRefusal(error))
      return 'incompatible-shared';
    return step ?? 'entry';
  }

  /**
   * A try of `version` failed. Waits and retries it while tries are left, else gives it up (reported) and moves
   * to the next good version. Resolves true when there is something to try again, false when nothing is left.
   */
  async recover(
    remote: RemoteName,
    version: string | undefined,
    kind: FailureKind,
    error: unknown,
  ): Promise<boolean> {
    const plan = this.plans.get(remote);
    const active = plan?.active;
    if (!plan || !active) return false;
    // Another load already moved this remote on; try again with what is active now.
    if (version !== undefined && version !== active.version) return true;
    const message =
      isStrictVersionRefusal(error) && !(error instanceof IncompatibleReleaseError)
        ? `${remote} ${active.version} is refused: ${messageOf(error)}`
        : messageOf(error);
    const tries = plan.noteFailedTry();
    if (plan.mayRetry(tries, kind)) {
      const wait = backoffMs(tries);
      this.deps.warn(
        `[releases] ${remote} ${active.version} failed (${kind}, try ${tries} of ${MAX_TRIES}): ${message}; retrying in ${wait} ms`,
      );
      await this.deps.sleep(wait);
      // Loading failures fetch the files again; a page that threw is simply rendered again.
      if (kind !== 'render') this.activate(plan);
      return true;
    }
    const next = plan.giveUp();
    this.deps.report({
      remote,
      version: active.version,
      kind,
      message,
      url: this.deps.pageUrl(),
      ...(next ? { fallbackVersion: next.version } : {}),
    });
    if (!next) return false;
    this.activate(plan);
    return true;
  }

  /** The section's Retry button: start again from the live version. */
  restart(remote: RemoteName): void {
    const plan = this.plans.get(remote);
    if (!plan) return;
    plan.restart();
    this.activate(plan);
  }
}

/** The version of a shared module the page runs: the one already loaded (loaded-first), else the shell's own. */
export function providedVersion(host: ModuleFederation, name: string): string | undefined {
  const versions = Object.entries(host.shareScopeMap?.default?.[name] ?? {});
  const loaded = versions.find(([, shared]) => shared.loaded || shared.lib);
  if (loaded) return loaded[0];
  return versions.find(([, shared]) => shared.from === host.options.name)?.[0];
}

/**
 * The federation runtime plugin: the loading concerns of releases in one place. It refuses a release built
 * for another major of a shared singleton before any of its code runs, notes which loading step failed, and
 * on a failed load retries or falls back through the guard, loading again from the same call.
 */
export function releaseGuardPlugin(guard: ReleaseGuard): ModuleFederationRuntimePlugin {
  const noteFailure = (name: string | undefined, kind: FailureKind, error: unknown) => {
    const remote = remoteOfContainer(name);
    if (remote && error) guard.noteFailedStep(remote, kind);
  };
  return {
    name: 'metrology-release-guard',
    afterLoadManifest({ moduleInfo, manifestJson, error, origin }) {
      const remote = remoteOfContainer(moduleInfo.name);
      if (!remote) return;
      if (error || !manifestJson) {
        guard.noteFailedStep(remote, 'entry');
        return;
      }
      const conflicts = sharedConflicts(manifestJson.shared, (name) => providedVersion(origin, name));
      if (conflicts.length > 0) {
        throw new IncompatibleReleaseError(remote, guard.activeVersion(remote) ?? 'unknown', conflicts);
      }
    },
    afterLoadEntry({ remoteInfo, error }) {
      noteFailure(remoteInfo.name, 'entry', error);
    },
    afterInitRemote({ remoteInfo, error }) {
      noteFailure(remoteInfo.name, 'entry', error);
    },
    afterGetExpose({ moduleInfo, error }) {
      noteFailure(moduleInfo.name, 'module', error);
    },
    afterExecuteFactory({ moduleInfo, error }) {
      noteFailure(moduleInfo.name, 'module', error);
    },
    async errorLoadRemote({ id, error, lifecycle, origin }) {
      // Earlier lifecycles end up here too ('onLoad' wraps the whole loadRemote call).
      if (lifecycle !== 'onLoad') return undefined;
      const remote = remoteOfRequest(id);
      if (!remote) return undefined;
      const version = guard.activeVersion(remote);
      const again = await guard.recover(remote, version, guard.classify(remote, error), error);
      if (!again) return undefined;
      return origin.loadRemote(id);
    },
  };
}
