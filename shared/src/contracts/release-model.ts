// The release model's records, as RELEASES_DIR/registry.json, the PostgreSQL store and the action log hold them:
// a registry of entries (the live version, every published one, a running rollout) and the log's rows. The one
// source of these types: the release platform (@metrology/releases), the release module (@metrology/shared/release),
// the API and the release CLI's checks of the API's answers all take them from here.
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './common.js';

/** One published version of a remote (or of the shell), and what became of it. */
export const Release = Type.Object({
  version: Type.String(),
  /** ISO 8601, like every time below. */
  publishedAt: Type.String(),
  commit: Type.String(),
  buildHash: Type.Optional(Type.String()),
  /** When it last went live for everyone (a live publish, a completed rollout, a rollback or re-promote to it). */
  liveAt: Type.Optional(Type.String()),
  /** When its last time live for everyone ended (another version went live; rolledBackAt too if by a rollback). */
  liveUntil: Type.Optional(Type.String()),
  /**
   * Published without going live for everyone (`publish --staged`): a rollout may give it to a share of visitors,
   * and only completing it makes it live (liveAt). A version with neither liveAt nor staged was recorded before the
   * registry kept them.
   */
  staged: Type.Optional(Type.Boolean()),
  /** Its rollout was ended by a live publish of another version. */
  cutShortAt: Type.Optional(Type.String()),
  /**
   * A rollback moved the pointer from this version to an older one, or its rollout was aborted: no longer a known
   * good version to fall back to (until it is made live again).
   */
  rolledBackAt: Type.Optional(Type.String()),
  /** Published without its Node build (`release publish --client-only`): the browser renders its section. */
  clientOnly: Type.Optional(Type.Boolean()),
});
export type Release = Static<typeof Release>;

/** A stage of a rollout plan: this share of visitors for this long; `approval` waits for a person first. */
export const RolloutStage = Type.Object({
  percent: Type.Integer(),
  minutes: Type.Integer(),
  approval: Type.Optional(Type.Boolean()),
});
export type RolloutStage = Static<typeof RolloutStage>;

/** A staged version: `percent` of visitors (1-100, by their sticky bucket) get `version` instead of `current`. */
export const Rollout = Type.Object({
  version: Type.String(),
  percent: Type.Integer(),
  startedAt: Type.String(),
  /** When the current share (or plan stage) began. */
  stageStartedAt: Type.String(),
  plan: Type.Optional(Type.Array(RolloutStage)),
  /** Index into plan of the stage running now. */
  stage: Type.Optional(Type.Integer()),
  /** The next stage of the plan waits for a release manager's approval. */
  awaitingApproval: Type.Optional(Type.Boolean()),
  /** Who started it. */
  by: Type.Optional(Type.String()),
});
export type Rollout = Static<typeof Rollout>;

/** The registry's record of one remote (or the shell): the live version and every published one, oldest first. */
export const RegistryEntry = Type.Object({
  current: Type.String(),
  history: Type.Array(Release),
  /** A version being rolled out to a share of visitors. */
  rollout: Type.Optional(Rollout),
});
export type RegistryEntry = Static<typeof RegistryEntry>;

/**
 * RELEASES_DIR/registry.json: the remotes' entries by name, and the shell's apart (`shell`, released like a remote;
 * never sent to browsers), so whatever reads `remotes` sees the remotes only.
 */
export const Registry = Type.Object({
  remotes: Type.Record(Type.String(), RegistryEntry),
  shell: Type.Optional(RegistryEntry),
});
export type Registry = Static<typeof Registry>;

/** What a row of the action log records: the release CLI's, the desk's and the rollout controller's actions. */
export const RELEASE_ACTIONS = [
  'publish',
  'preview',
  'rollback',
  're-promote',
  'rollout-start',
  'rollout-percent',
  'rollout-approve',
  'rollout-wait',
  'rollout-advance',
  'rollout-complete',
  'rollout-abort',
] as const;
export type ReleaseActionName = (typeof RELEASE_ACTIONS)[number];

/**
 * One row of the action log: who did what to which remote, when (ISO 8601) and why. `from`/`to` are the live version
 * before and after (equal when only a rollout moved); `version` is the version acted on; `automatic` rows come from
 * the rollout controller, with the figures it decided on.
 */
export const ReleaseAction = Type.Object({
  action: StringEnum(RELEASE_ACTIONS),
  remote: Type.String(),
  /** The version acted on. */
  version: Type.String(),
  from: Type.String(),
  to: Type.String(),
  /** Whether the registry changed. */
  changed: Type.Boolean(),
  /** The release manager's e-mail, user@host from the CLI, or 'automatic'. */
  actor: Type.String(),
  at: Type.String(),
  /** The rollout's share after the action. */
  percent: Type.Optional(Type.Integer()),
  why: Type.String(),
  automatic: Type.Boolean(),
  /** What an automatic action decided on (sessions, failing sessions, rates of the canary and the live version). */
  figures: Type.Optional(Type.Record(Type.String(), Type.Number())),
});
export type ReleaseAction = Static<typeof ReleaseAction>;
