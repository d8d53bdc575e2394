// Real-user speed, the lazy part: LCP, INP, CLS and TTFB from web-vitals, each attributed to the route pattern it
// belongs to and the version of the remote that rendered that route, sent with the page token as a beacon when
// the page is hidden (the figures are final then, and a beacon outlives the page).
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { VitalFigure, VitalMetric } from '@metrology/shared/contracts';
import { ROUTES, type RemoteName } from '../routes/route-table';
import type { RouteSeen } from './route-seen';

/** The figures one beacon may carry (the API's limit). */
export const FIGURES_PER_BEACON = 16;

export interface MeasureOptions {
  apiBaseUrl: string;
  pageToken: string;
  /** The version of a remote the page uses now (after any fallback). */
  versionOf: (remote: RemoteName) => string | undefined;
  /** The paths the page showed, oldest first, each from the time it was shown. */
  timeline: readonly RouteSeen[];
}

/** The route table's pattern (/product/:slug) a path belongs to, with the remote that renders it; null if none. */
export function routeOf(pathname: string): { route: string; remote: RemoteName } | null {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const { path, remote } of ROUTES) {
    const pattern = path.replace(/\/+$/, '').split('/');
    if (
      pattern.length === parts.length &&
      pattern.every((part, i) => (part.startsWith(':') ? Boolean(parts[i]) : part === parts[i]))
    )
      return { route: path, remote };
  }
  return null;
}

/** The path the page showed at a time: INP belongs to the route of its interaction, the rest to the landing one. */
export function pathAt(timeline: readonly RouteSeen[], time: number): string | undefined {
  let seen = timeline[0];
  for (const entry of timeline) if (entry.at <= time) seen = entry;
  return seen?.pathname;
}

/** The figure a web-vitals report gives, or null for a page no remote rendered (the shell's own pages). */
export function figureOf(
  metric: Pick<Metric, 'name' | 'value' | 'entries'>,
  options: Pick<MeasureOptions, 'versionOf' | 'timeline'>,
): VitalFigure | null {
  if (!['LCP', 'INP', 'CLS', 'TTFB'].includes(metric.name)) return null;
  const when = metric.name === 'INP' ? (metric.entries[0]?.startTime ?? 0) : 0;
  const path = pathAt(options.timeline, when);
  const seen = path === undefined ? null : routeOf(path);
  const version = seen ? options.versionOf(seen.remote) : undefined;
  if (!seen || !version) return null;
  const value = metric.name === 'CLS' ? metric.value : Math.round(metric.value);
  return { remote: seen.remote, version, route: seen.route, metric: metric.name as VitalMetric, value };
}

/** Sends figures as beacons (text/plain: no preflight); a fetch with keepalive where a beacon is refused. */
export function sendFigures(url: string, pageToken: string, figures: readonly VitalFigure[]): number {
  let sent = 0;
  for (let start = 0; start < figures.length; start += FIGURES_PER_BEACON) {
    const body = JSON.stringify({ pageToken, figures: figures.slice(start, start + FIGURES_PER_BEACON) });
    sent += 1;
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) continue;
    void fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body,
      keepalive: true,
    }).catch(() => undefined);
  }
  return sent;
}

/** Measures this page until it is gone; each figure is sent once, with the next beacon after it is reported. */
export function measure(options: MeasureOptions): void {
  // A browser without the performance timeline measures nothing (web-vitals needs it).
  if (typeof PerformanceObserver !== 'function' || typeof performance.getEntriesByType !== 'function') return;
  const url = `${options.apiBaseUrl}/api/releases/vitals`;
  const pending = new Map<string, VitalFigure>();
  const sent = new Set<string>();
  const note = (metric: Metric) => {
    const figure = figureOf(metric, options);
    if (!figure) return;
    const key = `${figure.remote} ${figure.version} ${figure.route} ${figure.metric}`;
    if (!sent.has(key)) pending.set(key, figure);
  };
  onTTFB(note);
  onLCP(note);
  onCLS(note);
  onINP(note);
  // On the document, so after web-vitals' own listeners (on window, capturing), which report the final figures as
  // the page hides. A page that is left or closed is hidden too (after its pagehide, before its unload).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || pending.size === 0) return;
    const figures = [...pending.values()];
    for (const key of pending.keys()) sent.add(key);
    pending.clear();
    sendFigures(url, options.pageToken, figures);
  });
}
