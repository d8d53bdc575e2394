// How each version of a remote fares, and the rollout controller's decisions (issue 26). Only what the site can
// vouch for counts: sessions it served (POST /api/releases/served), its own render failures, and browser reports
// carrying the page token it signed (POST /api/releases/load-failures). A canary over the threshold is aborted (a
// rollback, by 'automatic', with the figures); a plan moves on only while its canary is under it.
import type { Queryable } from '../../db/database.js';
import type { ReleaseConfig } from '../../config.js';
import type { RegistryModule, RegistryStore, Rollout } from '../back-office/registry-bridge.js';

export interface Health {
  version: string;
  sessions: number;
  failing: number;
  failureRate: number;
}

/** Four decimals: the rate as the desk and the log show it. */
const rate = (failing: number, sessions: number): number =>
  sessions > 0 ? Math.round((failing / sessions) * 10_000) / 10_000 : 0;

/**
 * Sessions a version of a remote was served since `since`, and those among them (or reporting) that failed:
 * a render failure of the site, or (unless serverOnly) an accepted browser report.
 */
export async function versionHealth(
  db: Queryable,
  remote: string,
  version: string,
  since: Date,
  serverOnly = false,
): Promise<Health> {
  const { rows } = await db.query<{ sessions: string | number; failing: string | number }>(
    `SELECT
       (SELECT count(*) FROM release_sessions WHERE remote = $1 AND version = $2 AND last_seen >= $3) AS sessions,
       (SELECT count(*) FROM (
          SELECT session FROM release_sessions
          WHERE remote = $1 AND version = $2 AND render_failed AND failed_at >= $3
          UNION
          SELECT session FROM load_failures
          WHERE NOT $4 AND remote = $1 AND version = $2 AND session <> '' AND at >= $3
        ) AS failed) AS failing`,
    [remote, version, since.toISOString(), serverOnly],
  );
  const sessions = Number(rows[0]?.sessions ?? 0);
  const failing = Number(rows[0]?.failing ?? 0);
  return { version, sessions, failing, failureRate: rate(failing, sessions) };
}

/** Whether these figures pass the threshold: enough failing sessions AND a high enough share of the sessions. */
export function overThreshold(health: Health, policy: ReleaseConfig): boolean {
  const share = health.sessions > 0 ? health.failing / health.sessions : health.failing > 0 ? 1 : 0;
  return health.failing >= policy.minFailures && share >= policy.failureRate;
}

/** The window a rollout is judged on: the last windowMinutes, and nothing from before it started. */
export function windowStart(rollout: Rollout, now: Date, policy: ReleaseConfig): Date {
  const window = now.getTime() - policy.windowMinutes * 60_000;
  return new Date(Math.max(window, Date.parse(rollout.startedAt) || window));
}

/** The canary and the live version of a rollout over its window. */
export async function rolloutHealth(
  db: Queryable,
  remote: string,
  current: string,
  rollout: Rollout,
  now: Date,
  policy: ReleaseConfig,
): Promise<{ canary: Health; current: Health }> {
  const since = windowStart(rollout, now, policy);
  // A version every visitor gets is never rolled back on the browser's word alone (issue 26): at 100 % only the
  // server's own render failures count.
  const serverOnly = rollout.percent >= 100;
  return {
    canary: await versionHealth(db, remote, rollout.version, since, serverOnly),
    current: await versionHealth(db, remote, current, since),
  };
}

/** The figures an automatic action records. */
export function figuresOf(
  health: { canary: Health; current: Health },
  rollout: Rollout,
  policy: ReleaseConfig,
): Record<string, number> {
  return {
    percent: rollout.percent,
    canarySessions: health.canary.sessions,
    canaryFailing: health.canary.failing,
    canaryFailureRate: health.canary.failureRate,
    currentSessions: health.current.sessions,
    currentFailing: health.current.failing,
    currentFailureRate: health.current.failureRate,
    windowMinutes: policy.windowMinutes,
    minFailures: policy.minFailures,
    thresholdRate: policy.failureRate,
  };
}

const percentText = (value: number) => `${(value * 100).toFixed(1)} %`;

export interface Decision {
  remote: string;
  version: string;
  action: 'abort' | 'advance';
  why: string;
}

/**
 * One pass of the controller: each running rollout's canary over the threshold is aborted; then plans move on
 * where their stage is done and their canary healthy. Safe to run in several processes at once: an abort names
 * the version it judged (a rollout that changed meanwhile is left alone), and advancing is idempotent under the
 * registry's lock (a stage just started is not done).
 */
export async function evaluateRollouts(options: {
  db: Queryable;
  registry: RegistryModule;
  releasesDir: string;
  store?: RegistryStore;
  policy: ReleaseConfig;
  now: Date;
}): Promise<Decision[]> {
  const { db, registry, releasesDir, store, policy, now } = options;
  const live = store ? await store.read() : await registry.readRegistry(releasesDir);
  const decisions: Decision[] = [];
  const healthy = new Map<string, boolean>();
  const figures = new Map<string, Record<string, number>>();
  for (const [remote, entry] of Object.entries(live.remotes)) {
    const rollout = entry.rollout;
    if (!rollout) continue;
    const health = await rolloutHealth(db, remote, entry.current, rollout, now, policy);
    const seen = figuresOf(health, rollout, policy);
    figures.set(remote, seen);
    if (!overThreshold(health.canary, policy)) {
      healthy.set(`${remote} ${rollout.version}`, true);
      continue;
    }
    const why =
      `automatic rollback: ${health.canary.failing} of ${health.canary.sessions} sessions of ${rollout.version} ` +
      `failed (${percentText(health.canary.failureRate)}) in the last ${policy.windowMinutes} min; ` +
      `live ${entry.current}: ${health.current.failing} of ${health.current.sessions} ` +
      `(${percentText(health.current.failureRate)}); threshold ${policy.minFailures} failing sessions and ` +
      `${percentText(policy.failureRate)}`;
    const result = await registry.abortRollout({
      releasesDir,
      remote,
      by: registry.AUTOMATIC,
      why,
      automatic: true,
      figures: seen,
      version: rollout.version,
      now: () => now,
      ...(store ? { store } : {}),
    });
    if (result.changed) decisions.push({ remote, version: rollout.version, action: 'abort', why });
  }
  const moved = await registry.advanceRollouts({
    releasesDir,
    now,
    // Judged on this pass's figures; a rollout that changed since (another version) waits for the next pass.
    healthy: (remote, rollout) => healthy.get(`${remote} ${rollout.version}`) === true,
    figures: (remote) => figures.get(remote),
    ...(store ? { store } : {}),
  });
  for (const action of moved)
    decisions.push({ remote: action.remote, version: action.version, action: 'advance', why: action.why });
  return decisions;
}
