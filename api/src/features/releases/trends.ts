// A remote's trends for the release desk's charts: each version's sessions and failure rate, and its real visitors'
// INP and LCP p75 (release_vitals, what sampled browsers measured), in time buckets over a running rollout (from a window before it began) or the last day, with
// the release actions on the same time axis. Sessions and failures are counted as the controller counts them
// (versionEvidence: a session that ran the version or failed with it, once), here by the bucket it was first seen in.
import type {
  RegistryEntry,
  ReleaseAction,
  ReleaseTrend,
  TrendMark,
  TrendPoint,
  TrendRange,
  VersionTrend,
} from '@metrology/shared/contracts';
import type { Queryable } from '../../db/database.js';

/** Bucket lengths a chart reads well in, seconds. */
const BUCKETS = [10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];
/** At most this many buckets on a chart. */
const MAX_BUCKETS = 48;
/** Versions beside the live one and the canary: the most recently seen with figures. */
const MAX_EARLIER = 3;
const DAY_MS = 24 * 3_600_000;

export function bucketSecondsFor(spanMs: number): number {
  const wanted = spanMs / 1000 / MAX_BUCKETS;
  return BUCKETS.find((seconds) => seconds >= wanted) ?? (BUCKETS.at(-1) as number);
}

/** The span a range covers: a rollout from a window before it started (at least an hour when none runs). */
export function trendSpan(
  range: TrendRange,
  entry: RegistryEntry | undefined,
  windowMinutes: number,
  now: Date,
): { from: Date; to: Date; bucketSeconds: number } {
  const to = now.getTime();
  const started = entry?.rollout ? Date.parse(entry.rollout.startedAt) : NaN;
  const start =
    range === 'day'
      ? to - DAY_MS
      : Number.isFinite(started)
        ? Math.min(started - windowMinutes * 60_000, to - 10 * 60_000)
        : to - 3_600_000;
  const bucketSeconds = bucketSecondsFor(to - start);
  const from = Math.floor(start / 1000 / bucketSeconds) * bucketSeconds * 1000;
  return { from: new Date(from), to: new Date(to), bucketSeconds };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function markLabel(action: ReleaseAction): string {
  const share = action.percent === undefined ? '' : ` at ${action.percent} %`;
  const labels: Record<string, string> = {
    publish: `published ${action.version}`,
    rollback: `rolled back to ${action.to}`,
    're-promote': `re-promoted ${action.version}`,
    'rollout-start': `rollout of ${action.version}${share}`,
    'rollout-percent': `${action.version}${share}`,
    'rollout-advance': `next stage${share}`,
    'rollout-wait': 'waits for approval',
    'rollout-approve': 'approved',
    'rollout-complete': `${action.version} live for all`,
    'rollout-abort': `${action.version} rolled back`,
  };
  const label = labels[action.action] ?? action.action;
  return action.automatic ? `${label} (automatic)` : label;
}

/** The actions of `remote` within the span, oldest first; previews change nothing a visitor gets and are left out. */
export function trendMarks(actions: ReleaseAction[], remote: string, from: Date, to: Date): TrendMark[] {
  return actions
    .filter((action) => action.remote === remote && action.action !== 'preview')
    .filter((action) => {
      const at = Date.parse(action.at);
      return at >= from.getTime() && at <= to.getTime();
    })
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map((action) => ({
      at: action.at,
      action: action.action,
      version: action.version,
      label: markLabel(action),
      automatic: action.automatic,
    }));
}

interface Bucketed {
  version: string;
  bucket: string | number;
}

export async function releaseTrend(
  db: Queryable,
  remote: string,
  entry: RegistryEntry | undefined,
  actions: ReleaseAction[],
  options: { range: TrendRange; windowMinutes: number; now?: Date },
): Promise<ReleaseTrend> {
  const { from, to, bucketSeconds } = trendSpan(
    options.range,
    entry,
    options.windowMinutes,
    options.now ?? new Date(),
  );
  const params = [remote, from.toISOString(), bucketSeconds];
  const sessions = await db.query<Bucketed & { sessions: string | number; failing: string | number }>(
    `WITH evidence AS (
       SELECT version, session, first_seen AS at, (render_failed AND failed_at >= $2) AS failed FROM release_sessions
       WHERE remote = $1 AND last_seen >= $2 AND (ran OR render_failed)
       UNION ALL
       SELECT version, session, at, true FROM load_failures WHERE remote = $1 AND session <> '' AND at >= $2
     ), per_session AS (
       SELECT version, session, min(at) AS at, bool_or(failed) AS failed FROM evidence GROUP BY version, session
     )
     SELECT version, floor(extract(epoch FROM greatest(at, $2::timestamptz)) / $3) AS bucket,
            count(*) AS sessions, count(*) FILTER (WHERE failed) AS failing
     FROM per_session GROUP BY version, bucket`,
    params,
  );
  const speed = await db.query<Bucketed & { metric: string; p75: string | number; n: string | number }>(
    `SELECT version, metric, floor(extract(epoch FROM at) / $3) AS bucket,
            percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75, count(*) AS n
     FROM release_vitals WHERE remote = $1 AND at >= $2 AND metric IN ('INP', 'LCP')
     GROUP BY version, metric, bucket`,
    params,
  );

  const points = new Map<string, Map<number, TrendPoint>>();
  const point = (version: string, bucket: string | number): TrendPoint => {
    const start = Number(bucket) * bucketSeconds * 1000;
    const perVersion = points.get(version) ?? new Map<number, TrendPoint>();
    points.set(version, perVersion);
    const existing = perVersion.get(start);
    if (existing) return existing;
    const fresh: TrendPoint = {
      at: new Date(start).toISOString(),
      sessions: 0,
      failing: 0,
      failureRate: 0,
      inpP75: null,
      lcpP75: null,
      inpSamples: 0,
      lcpSamples: 0,
    };
    perVersion.set(start, fresh);
    return fresh;
  };
  for (const row of sessions.rows) {
    const p = point(row.version, row.bucket);
    p.sessions = Number(row.sessions);
    p.failing = Number(row.failing);
    p.failureRate = p.sessions > 0 ? round(p.failing / p.sessions, 4) : 0;
  }
  for (const row of speed.rows) {
    const p = point(row.version, row.bucket);
    const value = round(Number(row.p75), 1);
    if (row.metric === 'INP') {
      p.inpP75 = value;
      p.inpSamples = Number(row.n);
    } else {
      p.lcpP75 = value;
      p.lcpSamples = Number(row.n);
    }
  }

  const canary = entry?.rollout?.version;
  const live = entry?.current;
  const ordered = (version: string): VersionTrend => ({
    version,
    role: version === canary ? 'canary' : version === live ? 'live' : 'earlier',
    points: [...(points.get(version)?.values() ?? [])].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
  });
  const lastSeen = (version: string) => Math.max(...[...(points.get(version)?.keys() ?? [])]);
  const earlier = [...points.keys()]
    .filter((version) => version !== canary && version !== live)
    .sort((a, b) => lastSeen(b) - lastSeen(a))
    .slice(0, MAX_EARLIER);
  const versions = [canary, live, ...earlier].filter(
    (version, index, all): version is string => Boolean(version) && all.indexOf(version) === index,
  );
  return {
    remote,
    range: options.range,
    from: from.toISOString(),
    to: to.toISOString(),
    bucketSeconds,
    versions: versions.map(ordered),
    marks: trendMarks(actions, remote, from, to),
  };
}
