// How each version of a remote fares, and the rollout controller's decisions (issues 26 and 32). Only what the site
// can vouch for counts: sessions whose browser fetched a version's code from it (POST /api/releases/served), its
// own render failures, and browser reports carrying the page token it signed (POST /api/releases/load-failures).
// Browser evidence is weighed per network, so a stranger with a few addresses can neither roll a healthy canary back
// nor hide a broken one (judge()). A canary judged failing, or slower than live (rollout-speed.ts), is aborted (a
// rollback, by 'automatic', with the figures); a plan moves on only while its canary is judged healthy.
import type { Queryable } from '../../db/database.js';
import type { ReleaseConfig } from '../../config.js';
import type { Rollout } from '@metrology/shared/contracts';
import type { RegistryModule, ReleaseStore } from '../back-office/registry-bridge.js';
import { slowerWhy, slowest, speedFigures, speedFindings } from './rollout-speed.js';

export interface Health {
  version: string;
  /** Distinct sessions that ran the version (fetched its code from the site) or failed with it. */
  sessions: number;
  failing: number;
  failureRate: number;
  /** Distinct networks (a /24 or /64) of those sessions, and those with a failing session. */
  networks: number;
  failingNetworks: number;
}

/** One network's sessions of a version and how many of them failed. */
export interface NetworkCount {
  network: string;
  sessions: number;
  failing: number;
}

/** A version's figures: the totals the desk shows, and the per-network counts the controller judges. */
export interface Evidence {
  health: Health;
  /** Sessions that ran the version or failed with it; failing: a render failure or an accepted browser report. */
  browser: NetworkCount[];
  /** Sessions the site rendered the version for (or that ran it); failing: the site's own render failures. */
  server: NetworkCount[];
}

/** Four decimals: the rate as the desk and the log show it. */
const rate = (failing: number, sessions: number): number =>
  sessions > 0 ? Math.round((failing / sessions) * 10_000) / 10_000 : 0;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The counts of one version since `since`, per network. A session counts when it ran the version (its browser
 * fetched the version's code from the site) or failed with it; a page fetched and never run counts for nothing,
 * except for the site's own render failures (server evidence). Browser reports count unless serverOnly.
 */
export async function versionEvidence(
  db: Queryable,
  remote: string,
  version: string,
  since: Date,
  serverOnly = false,
): Promise<Evidence> {
  const params = [remote, version, since.toISOString(), serverOnly];
  const browser = await db.query<{ network: string; sessions: string | number; failing: string | number }>(
    `WITH evidence AS (
       SELECT session, network, (render_failed AND failed_at >= $3) AS failed FROM release_sessions
       WHERE remote = $1 AND version = $2 AND last_seen >= $3 AND (ran OR (render_failed AND failed_at >= $3))
       UNION ALL
       SELECT session, network, true FROM load_failures
       WHERE NOT $4 AND remote = $1 AND version = $2 AND session <> '' AND at >= $3
     ), per_session AS (
       SELECT session, min(network) AS network, bool_or(failed) AS failed FROM evidence GROUP BY session
     )
     SELECT network, count(*) AS sessions, count(*) FILTER (WHERE failed) AS failing
     FROM per_session GROUP BY network`,
    params,
  );
  const server = await db.query<{ network: string; sessions: string | number; failing: string | number }>(
    `SELECT network, count(*) AS sessions, count(*) FILTER (WHERE render_failed AND failed_at >= $3) AS failing
     FROM release_sessions WHERE remote = $1 AND version = $2 AND last_seen >= $3 GROUP BY network`,
    params.slice(0, 3),
  );
  const counts = (rows: { network: string; sessions: string | number; failing: string | number }[]) =>
    rows.map((row) => ({
      network: row.network,
      sessions: Number(row.sessions),
      failing: Number(row.failing),
    }));
  const seen = counts(browser.rows);
  const sessions = sum(seen.map((n) => n.sessions));
  const failing = sum(seen.map((n) => n.failing));
  return {
    health: {
      version,
      sessions,
      failing,
      failureRate: rate(failing, sessions),
      networks: seen.length,
      failingNetworks: seen.filter((n) => n.failing > 0).length,
    },
    browser: seen,
    server: counts(server.rows),
  };
}

/** The one-sided critical value of the controller's z-test: α = 0.001. */
export const Z_CRITICAL = 3.09;

/**
 * A side's network-weighted figures: every network counts as one session whose failure is the share of its
 * sessions that failed (so no network weighs more than one visitor), less the `tolerated` most failing networks'
 * failures (those are assumed to be lying).
 */
export function weighted(networks: NetworkCount[], tolerated: number) {
  const shares = networks
    .filter((n) => n.sessions > 0)
    .map((n) => Math.min(1, n.failing / n.sessions))
    .sort((a, b) => b - a);
  const kept = shares.slice(tolerated);
  return {
    sessions: shares.length,
    failing: sum(kept),
    failingNetworks: kept.filter((share) => share > 0).length,
  };
}

/**
 * One-sided two-proportion z-test (pooled): how many standard errors the canary's failure share x1/n1 is above
 * the live version's x0/n0. 0 when either side has no sessions or nothing failed.
 */
export function twoProportionZ(x1: number, n1: number, x0: number, n0: number): number {
  if (n1 <= 0 || n0 <= 0) return 0;
  const pooled = (x1 + x0) / (n1 + n0);
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n0));
  if (spread === 0) return 0;
  return (x1 / n1 - x0 / n0) / spread;
}

/** A side's sessions and failing sessions, every session counted once whatever its network. */
export function perSession(networks: NetworkCount[]) {
  const sessions = sum(networks.map((n) => n.sessions));
  const failing = sum(networks.map((n) => n.failing));
  return { sessions, failing, rate: sessions > 0 ? failing / sessions : 0 };
}

export interface Verdict {
  abort: boolean;
  /** Which evidence decided it: the browsers' (network-weighted, tested) or the site's own render failures. */
  by?: 'browser' | 'server';
  figures: Record<string, number>;
}

/**
 * Whether a canary's figures call for a rollback. Either the site's own render failures (which no visitor can
 * fake): at least minFailures sessions with one, at the threshold rate of the rendered sessions, and more than the
 * live version's rate (or the same per network: minFailures networks, network-weighted); or, unless serverOnly,
 * the browsers' evidence, which a stranger could try to steer: after discounting the toleratedNetworks most failing
 * networks of each side, at least minFailures failing networks, a weighted failure rate at the threshold, and a
 * canary worse than the live version by the one-sided two-proportion z-test at α = 0.001 (z >= 3.09), all over
 * network-weighted counts.
 */
export function judge(
  canary: Evidence,
  current: Evidence,
  policy: ReleaseConfig,
  serverOnly = false,
): Verdict {
  // The site's render failures, per session: a session is one the site issued and rendered, so a deployment where
  // every visitor is one network (no TRUST_PROXY behind a balancer) still rolls a broken canary back.
  const sessionsCanary = perSession(canary.server);
  const sessionsLive = perSession(current.server);
  const bySessions =
    sessionsCanary.failing >= policy.minFailures &&
    sessionsCanary.rate >= policy.failureRate &&
    sessionsCanary.rate > sessionsLive.rate;
  // The same per network: healthy sessions a stranger adds from a few networks cannot hide a canary failing on many.
  const serverCanary = weighted(canary.server, 0);
  const serverLive = weighted(current.server, 0);
  const serverRate = serverCanary.sessions > 0 ? serverCanary.failing / serverCanary.sessions : 0;
  const liveServerRate = serverLive.sessions > 0 ? serverLive.failing / serverLive.sessions : 0;
  const byNetworks =
    serverCanary.failingNetworks >= policy.minFailures &&
    serverRate >= policy.failureRate &&
    serverRate > liveServerRate;
  const byServer = bySessions || byNetworks;
  const tolerated = policy.toleratedNetworks;
  const browserCanary = weighted(canary.browser, tolerated);
  const browserLive = weighted(current.browser, tolerated);
  const browserRate = browserCanary.sessions > 0 ? browserCanary.failing / browserCanary.sessions : 0;
  const z = twoProportionZ(
    browserCanary.failing,
    browserCanary.sessions,
    browserLive.failing,
    browserLive.sessions,
  );
  const byBrowser =
    !serverOnly &&
    browserCanary.failingNetworks >= policy.minFailures &&
    browserRate >= policy.failureRate &&
    z >= Z_CRITICAL;
  const four = (value: number) => Math.round(value * 10_000) / 10_000;
  return {
    abort: byServer || byBrowser,
    ...(byServer ? { by: 'server' as const } : byBrowser ? { by: 'browser' as const } : {}),
    figures: {
      canaryNetworks: browserCanary.sessions,
      canaryWeightedFailing: four(browserCanary.failing),
      canaryFailingNetworks: browserCanary.failingNetworks,
      currentNetworks: browserLive.sessions,
      currentWeightedFailing: four(browserLive.failing),
      zScore: four(z),
      zCritical: Z_CRITICAL,
      toleratedNetworks: tolerated,
      canaryRenderFailingNetworks: serverCanary.failingNetworks,
      canaryRenderedNetworks: serverCanary.sessions,
      canaryRenderFailingSessions: sessionsCanary.failing,
      canaryRenderedSessions: sessionsCanary.sessions,
      currentRenderFailingSessions: sessionsLive.failing,
      currentRenderedSessions: sessionsLive.sessions,
    },
  };
}

/** The window a rollout is judged on: the last windowMinutes, and nothing from before it started. */
export function windowStart(rollout: Rollout, now: Date, policy: ReleaseConfig): Date {
  const window = now.getTime() - policy.windowMinutes * 60_000;
  return new Date(Math.max(window, Date.parse(rollout.startedAt) || window));
}

/** The canary and the live version of a rollout over its window, with the controller's verdict. */
export async function rolloutEvidence(
  db: Queryable,
  remote: string,
  current: string,
  rollout: Rollout,
  now: Date,
  policy: ReleaseConfig,
) {
  const since = windowStart(rollout, now, policy);
  // A version every visitor gets is never rolled back on the browser's word alone: at 100 % only the
  // server's own render failures count.
  const serverOnly = rollout.percent >= 100;
  const canary = await versionEvidence(db, remote, rollout.version, since, serverOnly);
  const live = await versionEvidence(db, remote, current, since);
  return { canary, current: live, verdict: judge(canary, live, policy, serverOnly) };
}

/** The canary and the live version of a rollout over its window, as the desk shows them. */
export async function rolloutHealth(
  db: Queryable,
  remote: string,
  current: string,
  rollout: Rollout,
  now: Date,
  policy: ReleaseConfig,
): Promise<{ canary: Health; current: Health }> {
  const evidence = await rolloutEvidence(db, remote, current, rollout, now, policy);
  return { canary: evidence.canary.health, current: evidence.current.health };
}

/** The figures an automatic action records. */
export function figuresOf(
  health: { canary: Health; current: Health },
  rollout: Rollout,
  policy: ReleaseConfig,
  verdict?: Verdict,
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
    ...verdict?.figures,
  };
}

const percentText = (value: number) => `${(value * 100).toFixed(1)} %`;

export interface Decision {
  remote: string;
  version: string;
  action: 'abort' | 'advance';
  why: string;
}

/** The log's words for a canary rolled back for failing. */
function failingWhy(
  verdict: Verdict,
  health: { canary: Health; current: Health },
  rollout: Rollout,
  current: string,
  policy: ReleaseConfig,
): string {
  const shown = verdict.figures;
  return (
    `automatic rollback: ${health.canary.failing} of ${health.canary.sessions} sessions of ${rollout.version} ` +
    `failed (${percentText(health.canary.failureRate)}) from ${health.canary.failingNetworks} of ` +
    `${health.canary.networks} networks in the last ${policy.windowMinutes} min; ` +
    `live ${current}: ${health.current.failing} of ${health.current.sessions} ` +
    `(${percentText(health.current.failureRate)}); ` +
    (verdict.by === 'server'
      ? `the site's own render failed for ${shown.canaryRenderFailingSessions} of ${shown.canaryRenderedSessions} ` +
        `sessions (live: ${shown.currentRenderFailingSessions} of ${shown.currentRenderedSessions}) from ` +
        `${shown.canaryRenderFailingNetworks} networks; `
      : `network-weighted z = ${shown.zScore?.toFixed(2)} >= ${Z_CRITICAL} (one-sided two-proportion test, ` +
        `α = 0.001, ${policy.toleratedNetworks} most failing networks discounted); `) +
    `threshold ${policy.minFailures} failing networks and ${percentText(policy.failureRate)}`
  );
}

/**
 * One pass of the controller: each running rollout's canary over the threshold, or slower than live, is aborted;
 * then plans move on where their stage is done and their canary healthy. Safe to run in several processes at once: an abort names
 * the version it judged (a rollout that changed meanwhile is left alone), and advancing is idempotent under the
 * registry's lock (a stage just started is not done).
 */
export async function evaluateRollouts(options: {
  db: Queryable;
  registry: RegistryModule;
  store: ReleaseStore;
  policy: ReleaseConfig;
  now: Date;
}): Promise<Decision[]> {
  const { db, registry, store, policy, now } = options;
  const live = await store.read();
  const decisions: Decision[] = [];
  const healthy = new Map<string, boolean>();
  const figures = new Map<string, Record<string, number>>();
  for (const [remote, entry] of Object.entries(live.remotes)) {
    const rollout = entry.rollout;
    if (!rollout) continue;
    const evidence = await rolloutEvidence(db, remote, entry.current, rollout, now, policy);
    const health = { canary: evidence.canary.health, current: evidence.current.health };
    const seen = figuresOf(health, rollout, policy, evidence.verdict);
    figures.set(remote, seen);
    let why: string;
    if (evidence.verdict.abort) why = failingWhy(evidence.verdict, health, rollout, entry.current, policy);
    else {
      // Speed is the browsers' word too: judged only while live still has visitors to compare with.
      const findings =
        rollout.percent < 100
          ? await speedFindings(
              db,
              remote,
              rollout.version,
              entry.current,
              windowStart(rollout, now, policy),
              policy,
            )
          : [];
      const slower = slowest(findings);
      if (!slower) {
        healthy.set(`${remote} ${rollout.version}`, true);
        continue;
      }
      Object.assign(seen, speedFigures(slower, policy));
      const others = findings.filter((finding) => finding.slower).length - 1;
      why = slowerWhy(slower, rollout.version, entry.current, policy, others);
    }
    const result = await registry.abortRollout({
      store,
      remote,
      by: registry.AUTOMATIC,
      why,
      automatic: true,
      figures: seen,
      version: rollout.version,
      now: () => now,
    });
    if (result.changed) decisions.push({ remote, version: rollout.version, action: 'abort', why });
  }
  const moved = await registry.advanceRollouts({
    store,
    now,
    // Judged on this pass's figures; a rollout that changed since (another version) waits for the next pass.
    healthy: (remote, rollout) => healthy.get(`${remote} ${rollout.version}`) === true,
    figures: (remote) => figures.get(remote),
  });
  for (const action of moved)
    decisions.push({ remote: action.remote, version: action.version, action: 'advance', why: action.why });
  return decisions;
}
