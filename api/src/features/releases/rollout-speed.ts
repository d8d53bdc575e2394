// Whether a canary is slower than the live version for the shoppers who got it: its INP and LCP p75 against live's
// on the same routes (release_vitals, over the rollout's window). A canary is slower on a route (or over all the
// routes both sides were measured on) when its p75 is at least ROLLOUT_SLOWER_FACTOR times live's, with at least
// ROLLOUT_MIN_VITALS figures on each side, and the share of its figures above live's p75 is more than a quarter by
// a one-sided binomial test at α = 0.001 (docs/releases.md "A canary that is slower rolls back too").
import type { VitalMetric } from '@metrology/shared/contracts';
import type { ReleaseConfig } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { figuresAbove, vitalsP75, type P75 } from './vitals.js';

/** The metrics a rollout is judged on: a slower response to input, and a slower main content. */
export const JUDGED_METRICS: readonly VitalMetric[] = ['INP', 'LCP'];

/** The one-sided significance level of the binomial test. */
export const SPEED_ALPHA = 0.001;

/** The share of live's figures above its own p75: what the canary's share is tested against. */
const LIVE_SHARE_ABOVE_P75 = 0.25;

/** The name of the comparison over every route both sides were measured on. */
export const ALL_ROUTES = 'all routes';

/** One comparison of the canary with the live version: a metric on a route (or over all routes). */
export interface SpeedFinding {
  metric: VitalMetric;
  route: string;
  canaryP75: number;
  liveP75: number;
  canarySamples: number;
  liveSamples: number;
  /** canaryP75 / liveP75 */
  factor: number;
  /** The canary's figures above live's p75. */
  above: number;
  /** P(at least `above` of canarySamples above live's p75 | a quarter of them would be), one-sided. */
  pValue: number;
  slower: boolean;
}

/**
 * P(X >= k) for X ~ Binomial(n, p): the probability of k or more of n figures above a line a share p of figures
 * are above. Summed in log space from the k-th term, so large n neither overflows nor underflows to a wrong 0.
 */
export function binomialTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  let logChoose = 0;
  for (let i = 1; i <= k; i += 1) logChoose += Math.log((n - k + i) / i);
  const logFirst = logChoose + k * Math.log(p) + (n - k) * Math.log(1 - p);
  const odds = p / (1 - p);
  let term = 1;
  let sum = 1;
  for (let i = k; i < n; i += 1) {
    term *= ((n - i) / (i + 1)) * odds;
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return Math.min(1, Math.exp(logFirst) * sum);
}

const enough = (side: P75, policy: ReleaseConfig): side is { p75: number; samples: number } =>
  side.p75 !== null && side.samples >= policy.minVitals;

/**
 * The canary's speed against the live version's over the window: every comparison with enough figures on both
 * sides, per metric and route and over all the routes both were measured on; slower where the factor and the test
 * both say so.
 */
export async function speedFindings(
  db: Queryable,
  remote: string,
  canary: string,
  live: string,
  since: Date,
  policy: ReleaseConfig,
): Promise<SpeedFinding[]> {
  const findings: SpeedFinding[] = [];
  for (const metric of JUDGED_METRICS) {
    const canarySide = await vitalsP75(db, remote, canary, since, metric);
    const liveSide = await vitalsP75(db, remote, live, since, metric);
    const liveRoutes = new Map(liveSide.routes.map((row) => [row.route, row]));
    const shared = canarySide.routes.filter((row) => liveRoutes.has(row.route)).map((row) => row.route);
    if (shared.length === 0) continue;
    // Each route's own comparison, and one over the routes both were measured on (thin routes add up there).
    const pairs: { route: string; canary: P75; live: P75; thresholdRoutes: string[] }[] = shared.map(
      (route) => ({
        route,
        canary: canarySide.routes.find((row) => row.route === route) ?? { p75: null, samples: 0 },
        live: liveRoutes.get(route) ?? { p75: null, samples: 0 },
        thresholdRoutes: [route],
      }),
    );
    if (shared.length > 1)
      pairs.push({
        route: ALL_ROUTES,
        canary: (await vitalsP75(db, remote, canary, since, metric, shared)).overall,
        live: (await vitalsP75(db, remote, live, since, metric, shared)).overall,
        thresholdRoutes: shared,
      });
    for (const pair of pairs) {
      const { canary: c, live: l } = pair;
      if (!enough(c, policy) || !enough(l, policy) || l.p75 <= 0) continue;
      const factor = c.p75 / l.p75;
      let above = 0;
      if (factor >= policy.slowerFactor) {
        const thresholds = new Map(pair.thresholdRoutes.map((route) => [route, l.p75]));
        const counts = await figuresAbove(db, remote, canary, since, metric, thresholds);
        above = [...counts.values()].reduce((total, count) => total + count, 0);
      }
      const pValue = factor >= policy.slowerFactor ? binomialTail(above, c.samples, LIVE_SHARE_ABOVE_P75) : 1;
      findings.push({
        metric,
        route: pair.route,
        canaryP75: c.p75,
        liveP75: l.p75,
        canarySamples: c.samples,
        liveSamples: l.samples,
        factor,
        above,
        pValue,
        slower: factor >= policy.slowerFactor && pValue < SPEED_ALPHA,
      });
    }
  }
  return findings;
}

/** The finding that decides: the slower one with the largest factor, if any. */
export function slowest(findings: readonly SpeedFinding[]): SpeedFinding | undefined {
  return findings.filter((finding) => finding.slower).sort((a, b) => b.factor - a.factor)[0];
}

const shown = (metric: VitalMetric, value: number) =>
  metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;

/** The log's words for a slower canary. */
export function slowerWhy(
  finding: SpeedFinding,
  canary: string,
  live: string,
  policy: ReleaseConfig,
  others: number,
): string {
  const where = finding.route === ALL_ROUTES ? 'over all routes' : `on ${finding.route}`;
  return (
    `automatic rollback: slower: ${finding.metric} p75 ${canary} ${shown(finding.metric, finding.canaryP75)} ` +
    `vs live ${live} ${shown(finding.metric, finding.liveP75)} ${where} ` +
    `(n ${finding.canarySamples} / ${finding.liveSamples}), factor ${finding.factor.toFixed(2)} >= ` +
    `${policy.slowerFactor}, ${finding.above} of ${finding.canarySamples} above live's p75 ` +
    `(one-sided binomial test vs 25 %, p = ${finding.pValue.toExponential(2)} < ${SPEED_ALPHA})` +
    (others > 0 ? `; slower in ${others} more comparison(s)` : '') +
    `; in the last ${policy.windowMinutes} min`
  );
}

/** The figures an automatic rollback for speed records. */
export function speedFigures(finding: SpeedFinding, policy: ReleaseConfig): Record<string, number> {
  const four = (value: number) => Math.round(value * 10_000) / 10_000;
  return {
    speedCanaryP75: four(finding.canaryP75),
    speedLiveP75: four(finding.liveP75),
    speedCanarySamples: finding.canarySamples,
    speedLiveSamples: finding.liveSamples,
    speedFactor: four(finding.factor),
    speedAbove: finding.above,
    speedPValue: finding.pValue,
    slowerFactor: policy.slowerFactor,
    minVitals: policy.minVitals,
  };
}
