// The desk's trends: for the remote chosen, each version's failure rate, INP p75 and LCP p75 over a running rollout
// (from a window before it began) or the last day, canary beside live, with the release actions on the time axis.
import { useId } from 'react';
import { errorMessage } from '@metrology/shared';
import type { ReleaseTrend } from './releases-api';
import { TrendChart, type TrendMeasure } from './trend-chart';

const CHARTS: TrendMeasure[] = ['failureRate', 'inpP75', 'lcpP75'];

export function TrendsSection({
  names,
  remote,
  onRemote,
  trend,
  loading,
  error,
}: {
  names: readonly string[];
  remote: string;
  onRemote: (remote: string) => void;
  trend: ReleaseTrend | undefined;
  loading: boolean;
  error: unknown;
}) {
  const pick = useId();
  return (
    <>
      <div className="shell-rollout__field">
        <label htmlFor={pick}>Remote</label>
        <select id={pick} value={remote} onChange={(event) => onRemote(event.target.value)}>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="shell-releases__error">{errorMessage(error, 'The trends could not be read.')}</p>
      ) : loading || !trend ? (
        <p>Reading the trends…</p>
      ) : (
        <>
          <p className="shell-trend__span">
            {trend.range === 'rollout'
              ? `The running rollout, from ${trend.from.slice(11, 16)} UTC (a window before it began), in ${trend.bucketSeconds} s steps.`
              : `The last day, in ${trend.bucketSeconds / 60} min steps.`}
          </p>
          <div className="shell-trend__grid-of-charts">
            {CHARTS.map((measure) => (
              <TrendChart key={measure} trend={trend} measure={measure} />
            ))}
          </div>
        </>
      )}
    </>
  );
}
