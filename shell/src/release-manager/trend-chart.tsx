// The release desk's pictures: a line chart of one measure (failure rate, INP p75, LCP p75) for each version of a
// remote over time, with the release actions marked on the time axis, and the same figures as a table behind it;
// and a small trend of a version's failure rate for the history. Drawn as SVG by React: a few series of at most 48
// points need no charting library, render on the server like the rest of the page, and read in every test.
import { useId } from 'react';
import type { ReleaseTrend, TrendPoint, VersionTrend } from './releases-api';

export type TrendMeasure = 'failureRate' | 'inpP75' | 'lcpP75';

interface MeasureInfo {
  title: string;
  format: (value: number) => string;
  /** The top of the axis when every value is below it (a flat line at 0.2 % does not fill the chart). */
  floor: number;
  /** What the measure means, for the chart's description. */
  about: string;
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const ms = (value: number) => `${Math.round(value)} ms`;

export const MEASURES: Record<TrendMeasure, MeasureInfo> = {
  failureRate: {
    title: 'Failure rate',
    format: percent,
    floor: 0.05,
    about: 'the share of sessions that failed (a render failure of the site or a browser report)',
  },
  inpP75: {
    title: 'INP p75',
    format: ms,
    floor: 200,
    about: "the 75th percentile of real visitors' Interaction to Next Paint",
  },
  lcpP75: {
    title: 'LCP p75',
    format: ms,
    floor: 2500,
    about: "the 75th percentile of real visitors' Largest Contentful Paint",
  },
};

const ROLE_LABEL: Record<VersionTrend['role'], string> = {
  canary: 'canary',
  live: 'live',
  earlier: 'earlier',
};

/** Times as release managers read them everywhere on the desk: UTC. */
const clock = (iso: string) => `${new Date(iso).toISOString().slice(11, 16)} UTC`;
const dayClock = (iso: string) => new Date(iso).toISOString().slice(5, 16).replace('T', ' ');

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 64, right: 16, top: 24, bottom: 32 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

function valueOf(point: TrendPoint, measure: TrendMeasure): number | null {
  if (measure === 'failureRate') return point.sessions > 0 ? point.failureRate : null;
  return point[measure];
}

/** The series of one version: runs of points, broken where a bucket has no figure. */
function runs(version: VersionTrend, measure: TrendMeasure, bucketMs: number) {
  const lines: { t: number; v: number }[][] = [];
  let last = -Infinity;
  for (const point of version.points) {
    const v = valueOf(point, measure);
    if (v === null) continue;
    const t = Date.parse(point.at) + bucketMs / 2;
    if (t - last > bucketMs * 1.5 || lines.length === 0) lines.push([]);
    lines.at(-1)?.push({ t, v });
    last = t;
  }
  return lines;
}

/** The figures of every bucket with any, oldest first: the table behind the chart. */
function tableRows(trend: ReleaseTrend) {
  const times = new Set<string>();
  for (const version of trend.versions) for (const point of version.points) times.add(point.at);
  return [...times].sort((a, b) => Date.parse(a) - Date.parse(b));
}

function cell(point: TrendPoint | undefined, measure: TrendMeasure): string {
  if (!point) return '—';
  const value = valueOf(point, measure);
  if (value === null) return '—';
  const text = MEASURES[measure].format(value);
  return measure === 'failureRate' ? `${text} (${point.failing} of ${point.sessions})` : text;
}

export function TrendChart({ trend, measure }: { trend: ReleaseTrend; measure: TrendMeasure }) {
  const id = useId();
  const info = MEASURES[measure];
  const from = Date.parse(trend.from);
  const to = Math.max(Date.parse(trend.to), from + 1);
  const bucketMs = trend.bucketSeconds * 1000;
  const series = trend.versions.map((version) => ({ version, lines: runs(version, measure, bucketMs) }));
  const drawn = series.filter((s) => s.lines.length > 0);
  const top = Math.max(info.floor, ...drawn.flatMap((s) => s.lines.flat().map((p) => p.v))) * 1.1;
  const x = (t: number) => PAD.left + ((Math.min(Math.max(t, from), to) - from) / (to - from)) * PLOT_W;
  const y = (v: number) => PAD.top + PLOT_H - (v / top) * PLOT_H;
  const ticks = [0, top / 2, top];
  const times = [from, (from + to) / 2, to];
  const timeText = trend.range === 'day' ? dayClock : clock;
  const rows = tableRows(trend);
  const title = `${info.title} of ${trend.remote}`;
  const summary =
    drawn.length === 0
      ? `No ${info.title} figures for ${trend.remote} yet.`
      : drawn
          .map(({ version, lines }) => {
            const values = lines.flat().map((p) => p.v);
            const latest = values.at(-1) ?? 0;
            return `${version.version} (${ROLE_LABEL[version.role]}): latest ${info.format(latest)}, highest ${info.format(Math.max(...values))}`;
          })
          .join('; ');

  return (
    <figure
      className="shell-trend"
      aria-labelledby={`${id}-title`}
      data-testid={`trend-${trend.remote}-${measure}`}
    >
      <figcaption id={`${id}-title`} className="shell-trend__title">
        {title}
      </figcaption>
      <svg
        className="shell-trend__chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <desc
          id={`${id}-desc`}
        >{`${info.about}, ${timeText(trend.from)} to ${timeText(trend.to)}: ${summary}`}</desc>
        {ticks.map((tick) => (
          <g key={`y${tick}`} className="shell-trend__grid">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {info.format(tick)}
            </text>
          </g>
        ))}
        {times.map((t, i) => (
          <text
            key={`x${t}`}
            className="shell-trend__time"
            x={x(t)}
            y={HEIGHT - 10}
            textAnchor={i === 0 ? 'start' : i === times.length - 1 ? 'end' : 'middle'}
          >
            {timeText(new Date(t).toISOString())}
          </text>
        ))}
        {trend.marks.map((mark, i) => (
          <g key={`${mark.at}-${mark.action}`} className="shell-trend__mark" data-action={mark.action}>
            <line
              x1={x(Date.parse(mark.at))}
              x2={x(Date.parse(mark.at))}
              y1={PAD.top - 8}
              y2={PAD.top + PLOT_H}
            >
              <title>{`${clock(mark.at)}: ${mark.label}`}</title>
            </line>
            <text x={x(Date.parse(mark.at))} y={PAD.top - 12} textAnchor="middle">
              {i + 1}
            </text>
          </g>
        ))}
        {drawn.map(({ version, lines }) => (
          <g
            key={version.version}
            className={`shell-trend__series shell-trend__series--${version.role}`}
            data-version={version.version}
          >
            {lines.map((line) => (
              <polyline
                key={line[0]?.t}
                points={line.map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ')}
              />
            ))}
            {lines.flat().map((p) => (
              <circle key={p.t} cx={x(p.t)} cy={y(p.v)} r={3}>
                <title>{`${version.version} ${clock(new Date(p.t - bucketMs / 2).toISOString())}: ${info.format(p.v)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <ul className="shell-trend__legend">
        {trend.versions.map((version) => (
          <li key={version.version}>
            <span className={`shell-trend__swatch shell-trend__swatch--${version.role}`} aria-hidden="true" />
            {`${version.version} (${ROLE_LABEL[version.role]})`}
          </li>
        ))}
      </ul>
      {trend.marks.length > 0 && (
        <ol className="shell-trend__marks" aria-label={`Release actions on the ${info.title} chart`}>
          {trend.marks.map((mark) => (
            <li key={`${mark.at}-${mark.action}`}>
              <time dateTime={mark.at}>{clock(mark.at)}</time> {mark.label}
            </li>
          ))}
        </ol>
      )}
      <details className="shell-trend__table">
        <summary>{`${title} as a table`}</summary>
        {rows.length === 0 ? (
          <p>No figures yet.</p>
        ) : (
          <table className="shell-releases__table">
            <caption className="shell-rollout__caption">{`${title}, per ${trend.bucketSeconds} s from each time`}</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                {trend.versions.map((version) => (
                  <th
                    scope="col"
                    key={version.version}
                  >{`${version.version} (${ROLE_LABEL[version.role]})`}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((at) => (
                <tr key={at}>
                  <th scope="row">
                    <time dateTime={at}>{timeText(at)}</time>
                  </th>
                  {trend.versions.map((version) => (
                    <td key={version.version}>
                      {cell(
                        version.points.find((p) => p.at === at),
                        measure,
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </figure>
  );
}

/** A version's failure rate over the last day, small enough for a table cell; its figures in its name. */
export function Sparkline({
  version,
  from,
  to,
}: {
  version: VersionTrend | undefined;
  from: string;
  to: string;
}) {
  const points = (version?.points ?? []).filter((p) => p.sessions > 0);
  if (!version || points.length === 0) return <span className="shell-trend__none">no sessions</span>;
  const start = Date.parse(from);
  const span = Math.max(Date.parse(to) - start, 1);
  const rates = points.map((p) => p.failureRate);
  const top = Math.max(0.05, ...rates);
  const sessions = points.reduce((n, p) => n + p.sessions, 0);
  const failing = points.reduce((n, p) => n + p.failing, 0);
  const label =
    `${version.version} over the last day: ${sessions} sessions, ${failing} failing; ` +
    `highest ${percent(Math.max(...rates))}, latest ${percent(rates.at(-1) ?? 0)}`;
  const coords = points.map((p) => ({
    x: 2 + ((Date.parse(p.at) - start) / span) * 92,
    y: 22 - (p.failureRate / top) * 20,
  }));
  const latest = coords.at(-1) ?? { x: 0, y: 0 };
  return (
    <svg
      className="shell-trend__spark"
      viewBox="0 0 96 24"
      width={96}
      height={24}
      role="img"
      aria-label={label}
    >
      <title>{label}</title>
      <polyline points={coords.map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}`).join(' ')} />
      <circle cx={latest.x} cy={latest.y} r={2} />
    </svg>
  );
}
