// The release model: a registry's entries (live version, history, rollout), its checks and refusals, the action
// log's rows and the rollout plans. Pure: it reads and writes nothing.
import {
  RELEASE_NAMES,
  REMOTE_NAMES,
  SHELL,
  federationName,
  isReleaseName,
  isRemoteName,
  previousGoodVersion,
} from '@metrology/shared/release';
import type {
  Registry,
  RegistryEntry,
  Release,
  ReleaseAction,
  Rollout,
  RolloutStage,
} from '@metrology/shared/contracts';
import type { ArtifactStore } from './artifact-store.js';

// The remotes, their names and the fallback rule are the release model's (@metrology/shared/release).
export { RELEASE_NAMES, REMOTE_NAMES, federationName, previousGoodVersion };

/** The shell's name in the release model: `release publish shell`, its folder RELEASES_DIR/shell/<version>/. */
export const SHELL_RELEASE = SHELL.dir as 'shell';
const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** A refusal the release manager can act on (unknown remote, version taken, nothing to roll back to...). */
export class ReleaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseError';
  }
}

/** registry.json cannot be read as a registry (cut short, not JSON, wrong shape). */
export class RegistryDamagedError extends Error {
  readonly file: string;
  readonly detail: string;
  constructor(file: string, detail: string) {
    super(`${file} is damaged (${detail})`);
    this.name = 'RegistryDamagedError';
    this.file = file;
    this.detail = detail;
  }
}

/** Parses a registry's text; throws RegistryDamagedError when it is not one. */
export function parseRegistry(text: string, file: string): Registry {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RegistryDamagedError(file, `not valid JSON: ${error instanceof Error ? error.message : error}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new RegistryDamagedError(file, 'not a JSON object');
  const remotes = parsed.remotes ?? {};
  if (typeof remotes !== 'object' || Array.isArray(remotes) || remotes === null)
    throw new RegistryDamagedError(file, '"remotes" is not an object');
  const shell = parsed.shell;
  // Checked one by one below: each entry may be anything until then.
  const entries = Object.entries(remotes as Record<string, RegistryEntry | null | undefined>);
  if (shell !== undefined) entries.push([SHELL_RELEASE, shell]);
  for (const [remote, entry] of entries) {
    if (
      !entry ||
      typeof entry !== 'object' ||
      typeof entry.current !== 'string' ||
      !Array.isArray(entry.history) ||
      !entry.history.some((release: Release) => release?.version === entry.current)
    )
      throw new RegistryDamagedError(file, `the entry of ${remote} has no live version in its history`);
  }
  return shell === undefined ? { remotes } : { remotes, shell };
}

/** The entry of a remote or of the shell. */
export function entryOf(registry: Registry, name: string): RegistryEntry | undefined {
  return name === SHELL_RELEASE ? registry.shell : registry.remotes[name];
}

/** The registry with one entry (a remote's or the shell's) replaced. */
export function withEntry(registry: Registry, name: string, entry: RegistryEntry): Registry {
  if (name === SHELL_RELEASE) return { ...registry, shell: entry };
  return { ...registry, remotes: { ...registry.remotes, [name]: entry } };
}

export function isValidVersion(version: string) {
  return VERSION_PATTERN.test(version);
}

/** What is refused for the shell: a staged rollout (every visitor gets the one live shell). */
export const SHELL_NOT_STAGED =
  "The shell is not rolled out in stages: a published shell goes live for everyone at once; roll it back with 'release rollback shell'";

/** A remote, for what only remotes have (staged publishes, previews, rollouts). */
export function assertKnownRemote(remote: string) {
  if (remote === SHELL_RELEASE) throw new ReleaseError(SHELL_NOT_STAGED);
  if (!isRemoteName(remote))
    throw new ReleaseError(`Unknown remote '${remote}' (one of ${REMOTE_NAMES.join(', ')})`);
}

/** A remote or the shell, for what both have (publish, rollback, status, log). */
export function assertKnownRelease(name: string) {
  if (!isReleaseName(name))
    throw new ReleaseError(`Unknown remote '${name}' (one of ${RELEASE_NAMES.join(', ')})`);
}

export function assertValidVersion(version: string) {
  if (!isValidVersion(version))
    throw new ReleaseError(`'${version}' is not a version like 1.4.0 or 1.4.0-rc.1`);
}

/**
 * A change of the registry: the new registry (null: none), what the caller gets, the action log's rows, and (a
 * store with an artifact store only) the files of a version published by this change, stored with it.
 */
export type RegistryChange<T> = {
  registry: Registry | null;
  result: T;
  actions?: ReleaseAction[];
  artifacts?: { remote: string; version: string; files: { path: string; data: Buffer }[] };
};

/**
 * Where the pointer and history live when not in registry.json (PostgreSQL for a cluster:
 * pg-store.ts); its update writes the change's action rows in the same transaction. With `artifacts`
 * the versions' files live in the store too (artifact-store.ts), not in RELEASES_DIR.
 */
export type RegistryStore = {
  read(): Promise<Registry>;
  update<T>(fn: (registry: Registry) => Promise<RegistryChange<T>>): Promise<T>;
  readActions(limit: number): Promise<ReleaseAction[]>;
  artifacts?: ArtifactStore;
};

/**
 * What `release status --json` prints: every remote keyed by name, with its live version and its history
 * (oldest first, each with version, publishedAt and commit, and clientOnly: true on a --client-only publish), and
 * the running rollout if any.
 */
export function releaseStatus(registry: Registry) {
  const status: Record<
    string,
    {
      current: string | null;
      history: { version: string; publishedAt: string; commit: string; clientOnly?: true }[];
      rollout?: Rollout;
    }
  > = {};
  for (const remote of REMOTE_NAMES) {
    const entry = registry.remotes[remote];
    status[remote] = {
      current: entry?.current ?? null,
      history: (entry?.history ?? []).map(({ version, publishedAt, commit, clientOnly }) => ({
        version,
        publishedAt,
        commit,
        ...(clientOnly ? { clientOnly: true as const } : {}),
      })),
      ...(entry?.rollout ? { rollout: entry.rollout } : {}),
    };
  }
  // The shell once it is released (npm start and every deploy publish it), beside the remotes.
  if (registry.shell)
    status[SHELL_RELEASE] = {
      current: registry.shell.current,
      history: registry.shell.history.map(({ version, publishedAt, commit }) => ({
        version,
        publishedAt,
        commit,
      })),
    };
  return status;
}

// --- Entries recorded before liveAt and staged ---

/** Rows of the action log that made their `to` version live for everyone. */
const GOES_LIVE = new Set<ReleaseAction['action']>(['publish', 'rollout-complete', 'rollback', 're-promote']);

/** Whether any release of the registry was recorded before the registry kept liveAt and staged. */
export function hasUnjudgedReleases(registry: Registry): boolean {
  const entries = [...Object.values(registry.remotes), ...(registry.shell ? [registry.shell] : [])];
  return entries.some((entry) =>
    entry.history.some((release) => release.liveAt === undefined && !release.staged),
  );
}

/**
 * The registry with every release recorded before liveAt and staged existed judged from the action log (`actions`,
 * any order): a version the log shows made live for everyone (a publish, a completed rollout, a rollback or
 * re-promote to it) gets liveAt, the last time it was; one the log shows published but never made live for everyone
 * (a staged publish, a canary) gets staged: true; a version the log does not know at all was published before the
 * log existed, when every publish went live for everyone, so it went live when published. The live version went
 * live whatever the log says. Releases that already say either are left as they are.
 */
export function upgradeHistory(registry: Registry, actions: ReleaseAction[]): Registry {
  const liveAt = new Map<string, string>();
  const logged = new Set<string>();
  for (const row of actions) {
    const key = `${row.remote}\u0000${row.version || row.to}`;
    if (row.action === 'publish') logged.add(key);
    // A staged publish's row names the live version unchanged as its `to`: only a row whose version is its `to`
    // made that version live.
    if (!GOES_LIVE.has(row.action) || !row.changed || !row.to || (row.version && row.version !== row.to))
      continue;
    const target = `${row.remote}\u0000${row.to}`;
    const known = liveAt.get(target);
    if (!known || Date.parse(row.at) > Date.parse(known)) liveAt.set(target, row.at);
  }
  const upgrade = (name: string, entry: RegistryEntry): RegistryEntry => {
    if (!entry.history.some((release) => release.liveAt === undefined && !release.staged)) return entry;
    const history = entry.history.map((release): Release => {
      if (release.liveAt !== undefined || release.staged) return release;
      const key = `${name}\u0000${release.version}`;
      const seen = liveAt.get(key);
      if (seen) return { ...release, liveAt: seen };
      if (release.version === entry.current || !logged.has(key))
        return { ...release, liveAt: release.publishedAt };
      return { ...release, staged: true };
    });
    return { ...entry, history };
  };
  const remotes = Object.fromEntries(
    Object.entries(registry.remotes).map(([name, entry]) => [name, upgrade(name, entry)]),
  );
  return registry.shell
    ? { ...registry, remotes, shell: upgrade(SHELL_RELEASE, registry.shell) }
    : { ...registry, remotes };
}

// --- Staged rollouts ---

/** Who acts when nobody says: the controller's rows say 'automatic'. */
export const AUTOMATIC = 'automatic';

export function assertPercent(percent: number, what: string = 'The rollout share') {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100)
    throw new ReleaseError(`${what} must be a whole percentage from 1 to 100 (got ${percent})`);
}

/**
 * A rollout plan as the CLI and the desk write it: comma-separated stages `PERCENT:MINUTES` (that share for that
 * long), `approve` before a stage that waits for a release manager, and a last stage of `100` (minutes optional).
 * "10:10,50:10,approve,100" = 10 % for 10 minutes, 50 % for 10 minutes, then wait for approval, then everyone.
 */
export function parseRolloutPlan(text: string): RolloutStage[] {
  const stages: RolloutStage[] = [];
  let approval = false;
  for (const raw of text.split(',')) {
    const token = raw.trim();
    if (token === 'approve') {
      if (approval) throw new ReleaseError(`The plan '${text}' says 'approve' twice in a row`);
      approval = true;
      continue;
    }
    const match = /^(\d{1,3})(?::(\d{1,5}))?$/.exec(token);
    if (!match)
      throw new ReleaseError(
        `'${token}' in the plan '${text}' is not a stage: write PERCENT:MINUTES (e.g. 10:15), 'approve', or a last 100`,
      );
    stages.push({
      percent: Number(match[1]),
      minutes: match[2] === undefined ? 0 : Number(match[2]),
      ...(approval ? { approval: true } : {}),
    });
    approval = false;
  }
  if (approval)
    throw new ReleaseError(`The plan '${text}' ends with 'approve'; put the stage it gates after it`);
  validatePlan(stages);
  return stages;
}

export function validatePlan(plan: RolloutStage[]) {
  if (plan.length < 2) throw new ReleaseError('A plan needs at least two stages, the last one 100');
  plan.forEach((stage, index) => {
    assertPercent(stage.percent, `Stage ${index + 1}'s share`);
    if (!Number.isInteger(stage.minutes) || stage.minutes < 0 || stage.minutes > 10_080)
      throw new ReleaseError(`Stage ${index + 1} must last 0 to 10080 whole minutes (got ${stage.minutes})`);
    const before = plan[index - 1];
    if (before && stage.percent <= before.percent)
      throw new ReleaseError(
        `Each stage must reach more visitors than the one before (${before.percent} % then ${stage.percent} %)`,
      );
  });
  if (plan[0]?.approval)
    throw new ReleaseError("The first stage starts with the rollout; 'approve' goes before a later stage");
  if (plan[plan.length - 1]?.percent !== 100)
    throw new ReleaseError('The last stage of a plan must be 100 (everyone): the rollout completes there');
}

/** The plan as the CLI writes it. */
export function formatRolloutPlan(plan: RolloutStage[]) {
  return plan
    .map(
      (stage) =>
        `${stage.approval ? 'approve,' : ''}${stage.percent}${stage.minutes ? `:${stage.minutes}` : ''}`,
    )
    .join(',');
}
