// Real-user speed per remote version (release_vitals): the figures sampled browsers sent with their page token,
// and the p75 per route the rollout controller and the desk read. Rows are kept for the rollout window and a day.
import type { VitalMetric } from '@metrology/shared/contracts';
import type { Queryable } from '../../db/database.js';

/**
 * Figures of one version stored per network and metric within the rollout window. Speed is not weighed per
 * network (a shop behind one balancer is one network), so a network's share is bounded instead: a stranger with a
 * few addresses adds at most this many slow (or fast) figures per address.
 */
export const MAX_VITALS_PER_NETWORK = 50;

/** How long figures are kept beyond the rollout window. */
export const VITALS_KEPT_MINUTES = 24 * 60;

export interface StoredFigure {
  session: string;
  network: string;
  remote: string;
  version: string;
  route: string;
  metric: VitalMetric;
  value: number;
}

/**
 * Stores one figure unless its session already sent it (once per session, remote, version, route and metric) or
 * its network already sent MAX_VITALS_PER_NETWORK of this version's metric within the window. True when stored.
 */
export async function storeFigure(db: Queryable, figure: StoredFigure, windowMinutes: number) {
  const inserted = await db.query(
    `INSERT INTO release_vitals (session, network, remote, version, route, metric, value)
     SELECT $1, $2, $3, $4, $5, $6, $7
     WHERE (SELECT count(*) FROM release_vitals WHERE remote = $3 AND version = $4 AND network = $2
              AND metric = $6 AND at >= now() - make_interval(mins => $8::int)) < ${MAX_VITALS_PER_NETWORK}
     ON CONFLICT (session, remote, version, route, metric) DO NOTHING`,
    [
      figure.session,
      figure.network,
      figure.remote,
      figure.version,
      figure.route,
      figure.metric,
      figure.value,
      Math.ceil(windowMinutes),
    ],
  );
  return inserted.rowCount > 0;
}

/** Figures older than the rollout window and a day go (run by the rollout controller). */
export async function pruneVitals(db: Queryable, windowMinutes: number) {
  const pruned = await db.query(
    `DELETE FROM release_vitals WHERE at < now() - make_interval(mins => $1::int)`,
    [Math.ceil(windowMinutes) + VITALS_KEPT_MINUTES],
  );
  return pruned.rowCount;
}

/** A p75 and the figures it was taken over; p75 is null without figures. */
export interface P75 {
  p75: number | null;
  samples: number;
}

export interface VitalsP75 {
  /** Over every route asked for (or every route with figures). */
  overall: P75;
  routes: ({ route: string } & P75)[];
}

/**
 * The 75th percentile (continuous, as PostgreSQL's percentile_cont: interpolated between the two nearest figures)
 * and the number of figures of one version's metric since `since` (or of several versions' together), per route and
 * over all of them; only the given routes when routes is set.
 */
export async function vitalsP75(
  db: Queryable,
  remote: string,
  version: string | readonly string[],
  since: Date,
  metric: VitalMetric,
  routes?: readonly string[],
): Promise<VitalsP75> {
  const rows = await db.query<{
    route: string | null;
    p75: number | string | null;
    samples: number | string;
  }>(
    `SELECT route, percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75, count(*) AS samples
     FROM release_vitals
     WHERE remote = $1 AND version = ANY($2::text[]) AND metric = $3 AND at >= $4
       AND ($5::text[] IS NULL OR route = ANY($5))
     GROUP BY GROUPING SETS ((route), ())
     ORDER BY route NULLS FIRST`,
    [
      remote,
      typeof version === 'string' ? [version] : [...version],
      metric,
      since.toISOString(),
      routes ? [...routes] : null,
    ],
  );
  const p75Of = (row: { p75: number | string | null; samples: number | string }): P75 => ({
    p75: row.p75 === null ? null : Number(row.p75),
    samples: Number(row.samples),
  });
  const overall = rows.rows.find((row) => row.route === null);
  return {
    overall: overall ? p75Of(overall) : { p75: null, samples: 0 },
    routes: rows.rows
      .filter((row): row is typeof row & { route: string } => row.route !== null)
      .map((row) => ({ route: row.route, ...p75Of(row) })),
  };
}

/**
 * How many of one version's figures since `since` are above a threshold, per route (each route its own
 * threshold): the counts the controller's speed test takes, for the canary and for live.
 */
export async function figuresAbove(
  db: Queryable,
  remote: string,
  version: string,
  since: Date,
  metric: VitalMetric,
  thresholds: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  if (thresholds.size === 0) return new Map();
  const rows = await db.query<{ route: string; above: number | string }>(
    `SELECT v.route, count(*) AS above
     FROM release_vitals v JOIN unnest($5::text[], $6::float8[]) AS t(route, threshold) ON v.route = t.route
     WHERE v.remote = $1 AND v.version = $2 AND v.metric = $3 AND v.at >= $4 AND v.value > t.threshold
     GROUP BY v.route`,
    [remote, version, metric, since.toISOString(), [...thresholds.keys()], [...thresholds.values()]],
  );
  return new Map(rows.rows.map((row) => [row.route, Number(row.above)]));
}
