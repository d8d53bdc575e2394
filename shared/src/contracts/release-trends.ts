// The release desk's trends (GET /api/releases/trends; release managers and deploy tokens that may read): per
// remote, each version's sessions, failure rate and real-user speed (INP and LCP p75) in time buckets, and the
// release actions marked on the same time axis.
import { Type, type Static } from '@sinclair/typebox';
import { Answer, StringEnum, Text } from './common.js';

/** The spans the desk asks for: a running rollout (from a window before it started), or the last day. */
export const TREND_RANGES = ['rollout', 'day'] as const;
export type TrendRange = (typeof TREND_RANGES)[number];

export const ReleaseTrendsQuery = Type.Object(
  {
    /** One remote (or the shell); every remote the caller may read without it. */
    remote: Type.Optional(Text(100, 1)),
    range: Type.Optional(StringEnum(TREND_RANGES)),
  },
  { additionalProperties: false },
);
export type ReleaseTrendsQuery = Static<typeof ReleaseTrendsQuery>;

/** One version's figures in one time bucket. p75s are null when no visitor of the bucket sent that measure. */
export const TrendPoint = Type.Object({
  /** The bucket's start, ISO 8601. */
  at: Type.String(),
  /** Sessions that ran the version (or failed with it), by the bucket they were first seen in. */
  sessions: Type.Integer(),
  /** Of those, the sessions that failed (a render failure of the site or an accepted browser report). */
  failing: Type.Integer(),
  failureRate: Type.Number(),
  /** Interaction to Next Paint, 75th percentile, ms. */
  inpP75: Type.Union([Type.Number(), Type.Null()]),
  /** Largest Contentful Paint, 75th percentile, ms. */
  lcpP75: Type.Union([Type.Number(), Type.Null()]),
  /** The INP figures behind inpP75. */
  inpSamples: Type.Integer(),
  /** The LCP figures behind lcpP75. */
  lcpSamples: Type.Integer(),
});
export type TrendPoint = Static<typeof TrendPoint>;

export const VersionTrend = Type.Object({
  version: Type.String(),
  /** live: the version most visitors get; canary: a running rollout's; earlier: any other with figures. */
  role: StringEnum(['live', 'canary', 'earlier'] as const),
  /** Only the buckets with figures, oldest first. */
  points: Type.Array(TrendPoint),
});
export type VersionTrend = Static<typeof VersionTrend>;

/** A release action on the time axis: a publish, rollback, a rollout's start, share change, stage or end. */
export const TrendMark = Type.Object({
  at: Type.String(),
  action: Type.String(),
  version: Type.String(),
  /** "rollout-percent 50 %", "rollout-abort (automatic)": what the chart writes beside the line. */
  label: Type.String(),
  automatic: Type.Boolean(),
});
export type TrendMark = Static<typeof TrendMark>;

export const ReleaseTrend = Type.Object({
  remote: Type.String(),
  range: StringEnum(TREND_RANGES),
  /** The span, ISO 8601; buckets start at `from` and are `bucketSeconds` long. */
  from: Type.String(),
  to: Type.String(),
  bucketSeconds: Type.Integer(),
  versions: Type.Array(VersionTrend),
  marks: Type.Array(TrendMark),
});
export type ReleaseTrend = Static<typeof ReleaseTrend>;

export const ReleaseTrendsResponse = Answer({ trends: Type.Array(ReleaseTrend) });
export type ReleaseTrendsResponse = Static<typeof ReleaseTrendsResponse>;
