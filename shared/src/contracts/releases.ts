// The release calls: the release desk (GET /api/releases/desk, GET /api/releases/actions, POST /api/releases/rollback,
// the rollout actions under /api/releases/rollout, POST /api/releases/preview; release managers), the remotes'
// load-failure reports (POST and GET /api/releases/load-failures), the shell's speed figures (POST /api/releases/vitals)
// and the site servers' served sessions (POST /api/releases/served, signed).
import { Type, type Static } from '@sinclair/typebox';
import { Answer, QueryInteger, StringEnum, Text } from './common.js';
import { Release, ReleaseAction, Rollout } from './release-model.js';

/** One published version of a remote as the desk shows it: the release model's Release, less what only it uses. */
export const DeskRelease = Type.Pick(Release, [
  'version',
  'publishedAt',
  'commit',
  'rolledBackAt',
  'clientOnly',
]);
export type DeskRelease = Static<typeof DeskRelease>;

/**
 * How one version of a remote fares over the controller's window: sessions that ran it (fetched its code from the
 * site, or were rendered with it), sessions with a failure, and the same per network (a /24 or /64 counts once).
 */
export const VersionHealth = Type.Object({
  version: Type.String(),
  sessions: Type.Integer(),
  /** Distinct sessions with a server render failure or an accepted browser report. */
  failing: Type.Integer(),
  /** failing / sessions (0 without sessions). */
  failureRate: Type.Number(),
  /** Distinct networks those sessions came from. */
  networks: Type.Optional(Type.Integer()),
  /** Networks with a failing session. */
  failingNetworks: Type.Optional(Type.Integer()),
});
export type VersionHealth = Static<typeof VersionHealth>;

/** A running staged rollout as the desk shows it: the split, the plan, and the canary beside the live version. */
export const DeskRollout = Type.Composite([
  Rollout,
  Type.Object({ canary: VersionHealth, current: VersionHealth }),
]);
export type DeskRollout = Static<typeof DeskRollout>;

/** The thresholds of the automatic rollback (ROLLOUT_* settings), for the desk to show. */
export const RolloutPolicy = Type.Object({
  windowMinutes: Type.Number(),
  minFailures: Type.Integer(),
  failureRate: Type.Number(),
});
export type RolloutPolicy = Static<typeof RolloutPolicy>;

/** A remote on the desk: its live version (null before its first release) and every published one, oldest first. */
export const DeskRemote = Type.Object({
  remote: Type.String(),
  current: Type.Union([Type.String(), Type.Null()]),
  history: Type.Array(DeskRelease),
  /** The running staged rollout, if any. */
  rollout: Type.Optional(DeskRollout),
});
export type DeskRemote = Static<typeof DeskRemote>;

export const ReleaseDesk = Type.Object({
  remotes: Type.Array(DeskRemote),
  /** The shell, released like a remote (never rolled out in stages), once published and when the caller may read it. */
  shell: Type.Optional(DeskRemote),
  actions: Type.Array(ReleaseAction),
  policy: RolloutPolicy,
});
export type ReleaseDesk = Static<typeof ReleaseDesk>;

export const ReleaseDeskResponse = Answer(ReleaseDesk.properties);
export type ReleaseDeskResponse = Static<typeof ReleaseDeskResponse>;

export const ReleaseActionsQuery = Type.Object(
  { limit: Type.Optional(QueryInteger(3)) },
  { additionalProperties: false },
);
export type ReleaseActionsQuery = Static<typeof ReleaseActionsQuery>;

export const ReleaseActionsResponse = Answer({ actions: Type.Array(ReleaseAction) });
export type ReleaseActionsResponse = Static<typeof ReleaseActionsResponse>;

const VERSION = '^\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?$';

/** Without "to": the previous good version (a rollback); with it: that published version (roll back or re-promote). */
export const RollbackBody = Type.Object(
  {
    remote: Text(100, 1),
    to: Type.Optional(Type.String({ pattern: VERSION, maxLength: 100 })),
    why: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
);
export type RollbackBody = Static<typeof RollbackBody>;

export const RollbackResponse = Answer({ action: ReleaseAction });
export type RollbackResponse = Static<typeof RollbackResponse>;

// --- Staged rollouts and previews (release managers) ---

const Remote = Text(100, 1);
const Version = Type.String({ pattern: VERSION, maxLength: 100 });
const Why = Type.Optional(Text(500));

/**
 * POST /api/releases/rollout: start giving a published version that is not live to a share of visitors, a fixed
 * percent or a plan in the release CLI's syntax ("10:10,50:10,approve,100"); exactly one of the two.
 */
export const StartRolloutBody = Type.Object(
  {
    remote: Remote,
    version: Version,
    percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    plan: Type.Optional(Text(200, 1)),
    why: Why,
  },
  { additionalProperties: false },
);
export type StartRolloutBody = Static<typeof StartRolloutBody>;

/** POST /api/releases/rollout/percent: set the running rollout's share (its plan is dropped). */
export const RolloutPercentBody = Type.Object(
  { remote: Remote, percent: Type.Integer({ minimum: 1, maximum: 100 }), why: Why },
  { additionalProperties: false },
);
export type RolloutPercentBody = Static<typeof RolloutPercentBody>;

/** POST /api/releases/rollout/approve | complete | abort: act on the running rollout of a remote. */
export const RolloutActionBody = Type.Object({ remote: Remote, why: Why }, { additionalProperties: false });
export type RolloutActionBody = Static<typeof RolloutActionBody>;

/** What a rollout action answers: the message, and the desk's row of the remote afterwards. */
export const RolloutResponse = Answer({ remote: DeskRemote });
export type RolloutResponse = Static<typeof RolloutResponse>;

/** How long a preview link lives, in seconds: an hour unless asked, from a minute to a week. */
export const PREVIEW_SECONDS = { default: 3600, min: 60, max: 7 * 24 * 3600 } as const;

/** POST /api/releases/preview: a link that shows a published version in the browser that opens it. */
export const PreviewBody = Type.Object(
  {
    remote: Remote,
    version: Version,
    ttlSeconds: Type.Optional(
      Type.Integer({
        minimum: PREVIEW_SECONDS.min,
        maximum: PREVIEW_SECONDS.max,
        description: `How long the link works, in seconds (${PREVIEW_SECONDS.default} when not given)`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type PreviewBody = Static<typeof PreviewBody>;

/** url is relative to the site ('/__preview?token=...'); expiresAt is ISO 8601. */
export const PreviewResponse = Answer({ url: Type.String(), expiresAt: Type.String() });
export type PreviewResponse = Static<typeof PreviewResponse>;

// --- Sessions served (site servers -> API) ---

/**
 * One session a site server served a remote's version to, from the network it saw it on (a /24 or /64); ran: the
 * session's browser fetched that version's code from the site; renderFailed: the server's render of its section
 * failed. A session only rendered (neither) counts for the render failures alone.
 */
export const ServedSession = Type.Object(
  {
    remote: Remote,
    version: Text(100, 1),
    session: Text(200, 1),
    network: Type.Optional(Text(64)),
    ran: Type.Optional(Type.Boolean()),
    renderFailed: Type.Boolean(),
  },
  { additionalProperties: false },
);

/**
 * POST /api/releases/served (internal): the site server's sessions since its last call, at most 1000; signed with
 * the release signing key in the x-release-signature header (base64url HMAC-SHA256 of the raw JSON body).
 */
export const ServedBody = Type.Object(
  { sessions: Type.Array(ServedSession, { maxItems: 1000 }) },
  { additionalProperties: false },
);
export type ServedBody = Static<typeof ServedBody>;

// --- Load-failure reports ---

/**
 * What failed, as the shell's release guard tells it apart (shell/src/remotes/release-plan.ts FailureKind): the
 * manifest or remote entry, an exposed module, the page's render, or a build for another major of a shared singleton.
 */
export const LOAD_FAILURE_KINDS = ['entry', 'module', 'render', 'incompatible-shared'] as const;
export const LoadFailureKind = Type.Union(LOAD_FAILURE_KINDS.map((kind) => Type.Literal(kind)));
export type LoadFailureKind = Static<typeof LoadFailureKind>;

/**
 * POST /api/releases/load-failures: a remote the shell could not load. pageToken is the token the site signed into
 * the page ({ session, versions: { [remote]: version } }): a report counts only when it verifies and names the
 * version that page was served; once per session, remote, version and kind.
 */
export const LoadFailureReportBody = Type.Object(
  {
    pageToken: Text(4096, 1),
    remote: Text(100, 1),
    version: Type.Optional(Text(50)),
    kind: LoadFailureKind,
    message: Text(2000, 1),
    /** The page the shopper was on. */
    url: Type.Optional(Text(2000)),
    /** The version the shell fell back to; absent when none was left. */
    fallbackVersion: Type.Optional(Text(50)),
  },
  { additionalProperties: false },
);
export type LoadFailureReportBody = Static<typeof LoadFailureReportBody>;

/** One stored report as release managers read it (absent fields come back as ''; at is ISO 8601). */
export const LoadFailure = Type.Object({
  remote: Type.String(),
  version: Type.String(),
  kind: Type.String(),
  message: Type.String(),
  url: Type.String(),
  fallbackVersion: Type.String(),
  at: Type.String({ format: 'date-time' }),
});
export type LoadFailure = Static<typeof LoadFailure>;

export const LoadFailuresQuery = Type.Object({ limit: Type.Optional(QueryInteger(3)) });
export type LoadFailuresQuery = Static<typeof LoadFailuresQuery>;

export const LoadFailuresResponse = Answer({ reports: Type.Array(LoadFailure) });
export type LoadFailuresResponse = Static<typeof LoadFailuresResponse>;

// --- Deploy tokens and publishing over the network ---

/**
 * What a deploy token may do: publish a version, move a rollout (start, percent, approve, complete, abort), roll
 * back, make preview links, and read the status and the action log.
 */
export const DEPLOY_ACTIONS = ['publish', 'rollout', 'approve', 'rollback', 'preview', 'read'] as const;
export type DeployAction = (typeof DEPLOY_ACTIONS)[number];

/** A deploy token as the desk lists it: never its secret. */
export const DeployToken = Type.Object({
  id: Type.String(),
  name: Type.String(),
  remotes: Type.Array(Type.String()),
  can: Type.Array(StringEnum(DEPLOY_ACTIONS)),
  createdBy: Type.String(),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  revokedAt: Type.Optional(Type.String()),
  lastUsedAt: Type.Optional(Type.String()),
  /** The address the last call came from, and what it did (an action and a remote). */
  lastUsedFrom: Type.Optional(Type.String()),
  lastUsedFor: Type.Optional(Type.String()),
});
export type DeployToken = Static<typeof DeployToken>;

/** POST /api/releases/tokens (release managers): a new token for these remotes and actions. */
export const CreateDeployTokenBody = Type.Object(
  {
    name: Text(100, 1),
    remotes: Type.Array(Text(100, 1), { minItems: 1, maxItems: 20, uniqueItems: true }),
    can: Type.Array(StringEnum(DEPLOY_ACTIONS), {
      minItems: 1,
      maxItems: DEPLOY_ACTIONS.length,
      uniqueItems: true,
    }),
    /** Days until it stops working (1-365). */
    expiresInDays: Type.Integer({ minimum: 1, maximum: 365 }),
  },
  { additionalProperties: false },
);
export type CreateDeployTokenBody = Static<typeof CreateDeployTokenBody>;

/** The secret is in this answer only: it is stored hashed and never shown again. */
export const CreateDeployTokenResponse = Answer({ token: DeployToken, secret: Type.String() });
export type CreateDeployTokenResponse = Static<typeof CreateDeployTokenResponse>;

export const DeployTokensResponse = Answer({ tokens: Type.Array(DeployToken) });
export type DeployTokensResponse = Static<typeof DeployTokensResponse>;

export const RevokeDeployTokenBody = Type.Object({ id: Text(100, 1) }, { additionalProperties: false });
export type RevokeDeployTokenBody = Static<typeof RevokeDeployTokenBody>;

export const RevokeDeployTokenResponse = Answer({ token: DeployToken });
export type RevokeDeployTokenResponse = Static<typeof RevokeDeployTokenResponse>;

/** POST /api/releases/publish?remote=&version=...: the pack is the body (the release CLI's release-pack.mjs). */
export const PublishQuery = Type.Object(
  {
    remote: Text(100, 1),
    version: Type.String({ pattern: VERSION, maxLength: 100 }),
    commit: Type.Optional(Type.String({ pattern: '^[0-9A-Za-z._-]{1,64}$' })),
    staged: Type.Optional(Type.Literal('true')),
    clientOnly: Type.Optional(Type.Literal('true')),
  },
  { additionalProperties: false },
);
export type PublishQuery = Static<typeof PublishQuery>;

export const PublishResponse = Answer({
  remote: Type.String(),
  version: Type.String(),
  live: Type.Boolean(),
  previous: Type.Optional(Type.String()),
  endedRollout: Type.Optional(Type.String()),
  files: Type.Integer(),
  bytes: Type.Integer(),
  /** Pages of the Node build that loaded (0 for a client-only version). */
  pages: Type.Integer(),
});
export type PublishResponse = Static<typeof PublishResponse>;

// --- Real-user speed ---

/** The speed figures the shell measures (web-vitals): LCP, INP and TTFB in milliseconds, CLS a score. */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** The largest value accepted per metric: anything above is no page a shopper waited for, but a broken clock. */
export const VITAL_LIMITS: Readonly<Record<VitalMetric, number>> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 100,
  TTFB: 120_000,
};

/** A route pattern of the shell's route table (/product/:slug, never a URL with its slug or query). */
export const VITAL_ROUTE_PATTERN = '^/[A-Za-z0-9/:._-]{0,99}$';

/** One figure: this metric on this route, in this version of the remote that rendered it. */
export const VitalFigure = Type.Object(
  {
    remote: Text(100, 1),
    version: Text(50, 1),
    route: Type.String({ pattern: VITAL_ROUTE_PATTERN, maxLength: 100 }),
    metric: StringEnum(VITAL_METRICS),
    value: Type.Number(),
  },
  { additionalProperties: false },
);
export type VitalFigure = Static<typeof VitalFigure>;

/**
 * POST /api/releases/vitals: a sampled page's speed figures, with the page token the site signed into it (its
 * session, network, the versions it was served and that it is in the speed sample). Sent as a beacon, so the body
 * may arrive as text/plain; counted once per session, remote, version, route and metric.
 */
export const VitalsBody = Type.Object(
  {
    pageToken: Text(4096, 1),
    figures: Type.Array(VitalFigure, { minItems: 1, maxItems: 16 }),
  },
  { additionalProperties: false },
);
export type VitalsBody = Static<typeof VitalsBody>;
