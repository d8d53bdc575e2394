// The release calls: the release desk (GET /api/releases/desk, GET /api/releases/actions, POST /api/releases/rollback;
// release managers) and the remotes' load-failure reports (POST and GET /api/releases/load-failures).
import { Type, type Static } from '@sinclair/typebox';
import type { Release } from '@metrology/shared/release';
import { Answer, QueryInteger, Text } from './common.js';

/** One published version of a remote as the desk shows it: the release model's Release without its build hash. */
export const DeskRelease = Type.Object({
  version: Type.String(),
  publishedAt: Type.String(),
  commit: Type.String(),
  /** Set when a rollback moved the pointer from this version to an older one. */
  rolledBackAt: Type.Optional(Type.String()),
});
export type DeskRelease = Static<typeof DeskRelease>;

/** A remote on the desk: its live version (null before its first release) and every published one, oldest first. */
export const DeskRemote = Type.Object({
  remote: Type.String(),
  current: Type.Union([Type.String(), Type.Null()]),
  history: Type.Array(DeskRelease),
});
export type DeskRemote = Static<typeof DeskRemote>;

/** One line of the desk's log: who made which version live, and when (ISO 8601). */
export const ReleaseAction = Type.Object({
  /** 'rollback' or 're-promote'. */
  action: Type.String(),
  remote: Type.String(),
  from: Type.String(),
  to: Type.String(),
  changed: Type.Boolean(),
  /** The release manager's e-mail. */
  actor: Type.String(),
  at: Type.String(),
});
export type ReleaseAction = Static<typeof ReleaseAction>;

export const ReleaseDesk = Type.Object({
  remotes: Type.Array(DeskRemote),
  actions: Type.Array(ReleaseAction),
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
  { remote: Text(100, 1), to: Type.Optional(Type.String({ pattern: VERSION, maxLength: 100 })) },
  { additionalProperties: false },
);
export type RollbackBody = Static<typeof RollbackBody>;

export const RollbackResponse = Answer({ action: ReleaseAction });
export type RollbackResponse = Static<typeof RollbackResponse>;

// --- Load-failure reports ---

/** POST /api/releases/load-failures: a remote the shell could not load (anyone may report). */
export const LoadFailureReportBody = Type.Object(
  {
    remote: Text(100, 1),
    version: Type.Optional(Text(50)),
    kind: Text(50, 1),
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

/** The desk's release is the release model's Release (less its build hash): renaming a field in either fails here. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type DeskReleaseIsTheModelsRelease = Holds<Same<DeskRelease, Omit<Release, 'buildHash'>>>;
