// The rollout controller's steps: start a staged rollout, change its share, approve a stage, complete, abort, and
// advance the rollouts whose time has come.
import type {
  Registry,
  RegistryEntry,
  ReleaseAction,
  Rollout,
  RolloutStage,
} from '@metrology/shared/contracts';
import {
  ReleaseError,
  assertKnownRemote,
  assertValidVersion,
  type RegistryChange,
  AUTOMATIC,
  assertPercent,
  validatePlan,
  formatRolloutPlan,
} from './model.js';
import { changeRegistry, actionRow } from './file-store.js';
import { servable } from './publish.js';
import type { ReleaseStore } from './release-store.js';

function runningRollout(registry: Registry, remote: string): RegistryEntry & { rollout: Rollout } {
  const entry = registry.remotes[remote];
  if (!entry?.rollout) throw new ReleaseError(`No rollout of ${remote} is running`);
  return entry as RegistryEntry & { rollout: Rollout };
}

export type RolloutActionOptions = {
  store: ReleaseStore;
  remote: string;
  by: string;
  why?: string;
  now?: () => Date;
};

/**
 * Starts giving a published version that is not live to a share of visitors: a fixed `percent`, or a `plan` of
 * stages (its first stage's share now). Refused while another rollout of the remote runs.
 */
export async function startRollout({
  remote,
  version,
  percent,
  plan,
  by,
  why = '',
  now = () => new Date(),
  store,
}: RolloutActionOptions & { version: string; percent?: number; plan?: RolloutStage[] }): Promise<
  Rollout & { current: string }
> {
  assertKnownRemote(remote);
  assertValidVersion(version);
  if ((percent === undefined) === (plan === undefined))
    throw new ReleaseError('A rollout takes either a share (percent) or a plan, not both and not neither');
  if (percent !== undefined) assertPercent(percent);
  if (plan) validatePlan(plan);
  return changeRegistry(store, async (registry) => {
    const entry = registry.remotes[remote];
    if (!entry) throw new ReleaseError(`${remote} has never been published; publish it first`);
    if (!entry.history.some((release) => release.version === version))
      throw new ReleaseError(
        `${remote} ${version} is not published (published: ${entry.history.map((r) => r.version).join(', ')})`,
      );
    if (version === entry.current)
      throw new ReleaseError(`${remote} ${version} is already live; nothing to roll out`);
    if (entry.rollout)
      throw new ReleaseError(
        `A rollout of ${remote} ${entry.rollout.version} is running (${entry.rollout.percent} %); complete or abort it first`,
      );
    if (!(await servable(store, remote, version)))
      throw new ReleaseError(
        `The files of ${remote} ${version} are missing from ${store.releasesDir}; it cannot be served`,
      );
    const at = now().toISOString();
    const rollout: Rollout = {
      version,
      percent: plan ? (plan[0] as RolloutStage).percent : (percent as number),
      startedAt: at,
      stageStartedAt: at,
      ...(plan ? { plan, stage: 0 } : {}),
      by,
    };
    return {
      registry: { ...registry, remotes: { ...registry.remotes, [remote]: { ...entry, rollout } } },
      result: { ...rollout, current: entry.current },
      actions: [
        actionRow({
          at,
          actor: by,
          action: 'rollout-start',
          remote,
          version,
          from: entry.current,
          to: entry.current,
          percent: rollout.percent,
          why: why || (plan ? `plan ${formatRolloutPlan(plan)}` : ''),
        }),
      ],
    };
  });
}

/**
 * Sets the share of the running rollout (raise or lower it by hand); a plan it followed is dropped: the release
 * manager steers it from here.
 */
export async function setRolloutPercent({
  remote,
  percent,
  by,
  why = '',
  now = () => new Date(),
  store,
}: RolloutActionOptions & { percent: number }): Promise<{
  version: string;
  from: number;
  percent: number;
  droppedPlan: boolean;
}> {
  assertKnownRemote(remote);
  assertPercent(percent);
  return changeRegistry(store, async (registry) => {
    const entry = runningRollout(registry, remote);
    const at = now().toISOString();
    const { plan, stage: _stage, awaitingApproval: _waiting, ...kept } = entry.rollout;
    const rollout = { ...kept, percent, stageStartedAt: at };
    return {
      registry: { ...registry, remotes: { ...registry.remotes, [remote]: { ...entry, rollout } } },
      result: { version: rollout.version, from: entry.rollout.percent, percent, droppedPlan: Boolean(plan) },
      actions: [
        actionRow({
          at,
          actor: by,
          action: 'rollout-percent',
          remote,
          version: rollout.version,
          from: entry.current,
          to: entry.current,
          percent,
          why: why || `${entry.rollout.percent} % -> ${percent} %${plan ? ' (plan dropped)' : ''}`,
        }),
      ],
    };
  });
}

/** Starts the plan stage that waits for approval. */
export async function approveRolloutStage({
  remote,
  by,
  why = '',
  now = () => new Date(),
  store,
}: RolloutActionOptions): Promise<{ version: string; percent: number; stage: number }> {
  assertKnownRemote(remote);
  return changeRegistry(store, async (registry) => {
    const entry = runningRollout(registry, remote);
    const { rollout } = entry;
    const nextIndex = (rollout.stage ?? 0) + 1;
    const next = rollout.plan?.[nextIndex];
    if (!rollout.awaitingApproval || !next)
      throw new ReleaseError(
        `The rollout of ${remote} ${rollout.version} is not waiting for approval` +
          (rollout.plan
            ? ` (stage ${(rollout.stage ?? 0) + 1} of ${rollout.plan.length} runs)`
            : ' (it has no plan)'),
      );
    const at = now().toISOString();
    const { awaitingApproval: _waiting, ...kept } = rollout;
    const moved = { ...kept, percent: next.percent, stage: nextIndex, stageStartedAt: at };
    return {
      registry: { ...registry, remotes: { ...registry.remotes, [remote]: { ...entry, rollout: moved } } },
      result: { version: rollout.version, percent: next.percent, stage: nextIndex },
      actions: [
        actionRow({
          at,
          actor: by,
          action: 'rollout-approve',
          remote,
          version: rollout.version,
          from: entry.current,
          to: entry.current,
          percent: next.percent,
          why: why || `stage ${nextIndex + 1} of ${rollout.plan?.length ?? 0} approved`,
        }),
      ],
    };
  });
}

/**
 * The entry with its rollout's version live for everyone from `at`: the rollout ends, the version is known good
 * (again, if it was rolled back before), and the version live until now stops being live.
 */
function completed(entry: RegistryEntry & { rollout: Rollout }, at: string): RegistryEntry {
  const { rollout, ...rest } = entry;
  return {
    ...rest,
    current: rollout.version,
    history: entry.history.map((release) => {
      if (release.version === entry.current && release.version !== rollout.version)
        return { ...release, liveUntil: at };
      if (release.version !== rollout.version) return release;
      const { rolledBackAt: _cleared, liveUntil: _ended, ...kept } = release;
      return { ...kept, liveAt: at };
    }),
  };
}

/** Makes the rollout's version live for everyone. */
export async function completeRollout({
  remote,
  by,
  why = '',
  now = () => new Date(),
  store,
}: RolloutActionOptions): Promise<{ from: string; to: string }> {
  assertKnownRemote(remote);
  return changeRegistry(store, async (registry) => {
    const entry = runningRollout(registry, remote);
    const at = now().toISOString();
    return {
      registry: { ...registry, remotes: { ...registry.remotes, [remote]: completed(entry, at) } },
      result: { from: entry.current, to: entry.rollout.version },
      actions: [
        actionRow({
          at,
          actor: by,
          action: 'rollout-complete',
          remote,
          version: entry.rollout.version,
          from: entry.current,
          to: entry.rollout.version,
          percent: 100,
          why,
        }),
      ],
    };
  });
}

/**
 * Ends the rollout, a rollback of the canary: every visitor gets the live version again, and the canary is marked
 * rolled back. `figures` are what an automatic abort decided on.
 *
 *   version: abort only if this version is still the one rolling out (the controller's check against a race)
 */
export async function abortRollout({
  remote,
  by,
  why = '',
  automatic = false,
  figures,
  version,
  now = () => new Date(),
  store,
}: RolloutActionOptions & {
  automatic?: boolean;
  figures?: Record<string, number>;
  version?: string;
}): Promise<{ version: string; percent: number; current: string; changed: boolean }> {
  assertKnownRemote(remote);
  return changeRegistry(store, async (registry) => {
    const entry = registry.remotes[remote];
    if (version !== undefined && entry?.rollout?.version !== version) {
      const nothing: RegistryChange<{ version: string; percent: number; current: string; changed: boolean }> =
        {
          registry: null,
          result: { version, percent: 0, current: entry?.current ?? '', changed: false },
        };
      return nothing;
    }
    const running = runningRollout(registry, remote);
    const { rollout, ...rest } = running;
    const at = now().toISOString();
    const history = running.history.map((release) =>
      release.version === rollout.version ? { ...release, rolledBackAt: at } : release,
    );
    return {
      registry: { ...registry, remotes: { ...registry.remotes, [remote]: { ...rest, history } } },
      result: { version: rollout.version, percent: rollout.percent, current: running.current, changed: true },
      actions: [
        actionRow({
          at,
          actor: by,
          action: 'rollout-abort',
          remote,
          version: rollout.version,
          from: running.current,
          to: running.current,
          percent: 0,
          why,
          automatic,
          ...(figures ? { figures } : {}),
        }),
      ],
    };
  });
}

/**
 * Moves every rollout that follows a plan on when its stage's minutes have passed and `healthy` says the canary is
 * well: to the next stage, or to waiting for approval when the next stage needs it, or to complete after the last
 * stage. An unhealthy canary holds its stage (the controller aborts it when it passes the threshold).
 *
 * @returns what moved
 */
export async function advanceRollouts({
  store,
  now = new Date(),
  healthy = () => true,
  figures = () => undefined,
  by = AUTOMATIC,
}: {
  store: ReleaseStore;
  now?: Date;
  healthy?: (remote: string, rollout: Rollout) => boolean;
  figures?: (remote: string) => Record<string, number> | undefined;
  by?: string;
}): Promise<ReleaseAction[]> {
  return changeRegistry(store, async (registry) => {
    const actions: ReleaseAction[] = [];
    const remotes: Registry['remotes'] = { ...registry.remotes };
    const at = now.toISOString();
    for (const [remote, entry] of Object.entries(registry.remotes)) {
      const rollout = entry.rollout;
      if (!rollout?.plan || rollout.awaitingApproval) continue;
      const index = rollout.stage ?? 0;
      const stage = rollout.plan[index];
      if (!stage) continue;
      if (now.getTime() - Date.parse(rollout.stageStartedAt) < stage.minutes * 60_000) continue;
      if (!healthy(remote, rollout)) continue;
      const seen = figures(remote);
      const base = {
        at,
        actor: by,
        remote,
        version: rollout.version,
        from: entry.current,
        to: entry.current,
        automatic: by === AUTOMATIC,
        ...(seen ? { figures: seen } : {}),
      };
      const next = rollout.plan[index + 1];
      if (!next) {
        remotes[remote] = completed(entry as RegistryEntry & { rollout: Rollout }, at);
        actions.push(
          actionRow({
            ...base,
            action: 'rollout-complete',
            to: rollout.version,
            percent: 100,
            why: `plan finished: ${stage.percent} % for ${stage.minutes} min`,
          }),
        );
      } else if (next.approval) {
        remotes[remote] = { ...entry, rollout: { ...rollout, awaitingApproval: true } };
        actions.push(
          actionRow({
            ...base,
            action: 'rollout-wait',
            changed: true,
            percent: rollout.percent,
            why: `stage ${index + 2} of ${rollout.plan.length} (${next.percent} %) waits for approval`,
          }),
        );
      } else {
        remotes[remote] = {
          ...entry,
          rollout: { ...rollout, percent: next.percent, stage: index + 1, stageStartedAt: at },
        };
        actions.push(
          actionRow({
            ...base,
            action: 'rollout-advance',
            percent: next.percent,
            why: `stage ${index + 2} of ${rollout.plan.length}: ${rollout.percent} % -> ${next.percent} %`,
          }),
        );
      }
    }
    return { registry: actions.length ? { ...registry, remotes } : null, result: actions, actions };
  });
}
