// Whether a canary is slower than the live version for the shoppers who got it: its INP and LCP p75 against live's
// on the same routes (release_vitals, over the rollout's window). A canary is slower on a route (or over all the
// routes both sides were measured on) when its p75 is at least ROLLOUT_SLOWER_FACTOR times live's, with at least
// ROLLOUT_MIN_VITALS figures on each side, and more of its figures than of live's are above the p75 of both sides'
// figures together, by a one-sided Fisher exact test at α = 0.001 (docs/releases.md "A canary that is slower rolls
// back too").
import type { VitalMetric } from '@metrology/shared/contracts';
import type { ReleaseConfig } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { figuresAbove, vitalsP75, type P75 } from './vitals.js';

/** The metrics a rollout is judged on: a slower response to input, and a slower main content. */
export const JUDGED_METRICS: readonly VitalMetric[] = ['INP', 'LCP'];

/** The one-sided significance level of the speed test. */
export const SPEED_ALPHA = 0.001;

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
  /** The p75 of both sides' figures together: the line the test counts figures above. */
  pooledP75: number;
  /** The canary's figures above pooledP75. */
  above: number;
  /** Live's figures above pooledP75. */
  liveAbove: number;
  /**
   * P(at least `above` of the figures above the line are the canary's | both sides as fast): one-sided, the
   * hypergeometric tail (Fisher's exact test); 1 when the factor does not hold (not tested).
   */
  pValue: number;
  slower: boolean;
}

/** ln C(n, k), summed term by term (exact enough for the few thousand figures of a window). */
function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 1; i <= k; i += 1) sum += Math.log((n - k + i) / i);
  return sum;
}

/**
 * P(A >= a) for A ~ Hypergeometric(total, marked, drawn): of `total` figures, `marked` are above the line; if the
 * `drawn` figures of the canary were any `drawn` of them (both sides as fast), the chance that `a` or more of the
 * marked ones are the canary's. The first term in log space, the rest by the terms' ratio, so large windows neither
 * overflow nor underflow to a wrong 0.
 */
export function hypergeometricTail(a: number, total: number, marked: number, drawn: number): number {
  const lowest = Math.max(0, drawn - (total - marked));
  const highest = Math.min(drawn, marked);
  if (a <= lowest) return 1;
  if (a > highest) return 0;
  let term = Math.exp(logChoose(marked, a) + logChoose(total - marked, drawn - a) - logChoose(total, drawn));
  let sum = term;
  for (let i = a; i < highest; i += 1) {
    term *= ((marked - i) * (drawn - i)) / ((i + 1) * (total - marked - drawn + i + 1));
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return Math.min(1, sum);
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
    // Both sides' figures together: the line the test counts above, per route and over the shared routes.
    const pooled = await vitalsP75(db, remote, [canary, live], since, metric, shared);
    // Each route's own comparison, and one over the routes both were measured on (thin routes add up there).
    const pairs: { route: string; canary: P75; live: P75; pooled: P75; routes: string[] }[] = shared.map(
      (route) => ({
        route,
        canary: canarySide.routes.find((row) => row.route === route) ?? { p75: null, samples: 0 },
        live: liveRoutes.get(route) ?? { p75: null, samples: 0 },
        pooled: pooled.routes.find((row) => row.route === route) ?? { p75: null, samples: 0 },
        routes: [route],
      }),
    );
    if (shared.length > 1)
      pairs.push({
        route: ALL_ROUTES,
        canary: (await vitalsP75(db, remote, canary, since, metric, shared)).overall,
        live: (await vitalsP75(db, remote, live, since, metric, shared)).overall,
        pooled: pooled.overall,
        routes: shared,
      });
    for (const pair of pairs) {
      const { canary: c, live: l, pooled: both } = pair;
      if (!enough(c, policy) || !enough(l, policy) || l.p75 <= 0 || both.p75 === null) continue;
      const factor = c.p75 / l.p75;
      const tested = factor >= policy.slowerFactor;
      let above = 0;
      let liveAbove = 0;
      if (tested) {
        // One line for every route of the comparison: the pooled p75 of exactly those figures.
        const line = new Map(pair.routes.map((route) => [route, both.p75 as number]));
        const sum = (counts: Map<string, number>) => [...counts.values()].reduce((total, n) => total + n, 0);
        above = sum(await figuresAbove(db, remote, canary, since, metric, line));
        liveAbove = sum(await figuresAbove(db, remote, live, since, metric, line));
      }
      // Live's p75 is an estimate too (at 50 % it rests on as few figures as the canary's): the test compares the
      // two sides' counts above one line, so chance on either side is accounted for.
      const pValue = tested
        ? hypergeometricTail(above, c.samples + l.samples, above + liveAbove, c.samples)
        : 1;
      findings.push({
        metric,
        route: pair.route,
        canaryP75: c.p75,
        liveP75: l.p75,
        canarySamples: c.samples,
        liveSamples: l.samples,
        factor,
        pooledP75: both.p75,
        above,
        liveAbove,
        pValue,
        slower: tested && pValue < SPEED_ALPHA,
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
    `${policy.slowerFactor}, ${finding.above} of ${finding.canarySamples} canary and ${finding.liveAbove} of ` +
    `${finding.liveSamples} live figures above both sides' p75 ${shown(finding.metric, finding.pooledP75)} ` +
    `(one-sided Fisher exact test, p = ${finding.pValue.toExponential(2)} < ${SPEED_ALPHA})` +
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
    speedPooledP75: four(finding.pooledP75),
    speedAbove: finding.above,
    speedLiveAbove: finding.liveAbove,
    speedPValue: finding.pValue,
    slowerFactor: policy.slowerFactor,
    minVitals: policy.minVitals,
  };
}
