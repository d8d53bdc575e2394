// Types of remotes.mjs (the release model). Keep the two in step; `npm run typecheck` checks the .mjs's JSDoc
// against its own annotations and every importer against these declarations.

/** The remotes, by package folder and workspace name. */
export type RemoteName = 'mfe-catalog' | 'mfe-commerce' | 'mfe-content' | 'mfe-careers';

/** One published version of a remote. */
export interface Release {
  version: string;
  publishedAt: string;
  commit: string;
  buildHash?: string;
  /** When it last went live for everyone (a live publish, a completed rollout, a rollback or re-promote to it). */
  liveAt?: string;
  /** When its last time live for everyone ended (another version went live; rolledBackAt too if by a rollback). */
  liveUntil?: string;
  /** Published without going live for everyone (`publish --staged`); liveAt once a rollout of it completes. */
  staged?: boolean;
  /** Its rollout was ended by a live publish of another version. */
  cutShortAt?: string;
  /**
   * Set when a rollback moved the pointer from this version to an older one, or its rollout was aborted: no longer
   * a known good version.
   */
  rolledBackAt?: string;
  /** Published without its Node build (`release publish --client-only`): the browser renders its section. */
  clientOnly?: boolean;
}

/** A stage of a rollout plan: this share of visitors for this long; `approval` waits for a person first. */
export interface RolloutStage {
  percent: number;
  minutes: number;
  approval?: boolean;
}

/** A staged version: `percent` of visitors (1-100, by their sticky bucket) get `version` instead of `current`. */
export interface Rollout {
  version: string;
  percent: number;
  startedAt: string;
  /** When the current share (or plan stage) began. */
  stageStartedAt: string;
  plan?: RolloutStage[];
  /** Index into plan of the stage running now. */
  stage?: number;
  /** The next stage of the plan waits for a release manager's approval. */
  awaitingApproval?: boolean;
  /** Who started it. */
  by?: string;
}

/** The registry's record of one remote: the live version and every published one, oldest first. */
export interface RegistryEntry {
  current: string;
  history: Release[];
  /** A version being rolled out to a share of visitors. */
  rollout?: Rollout;
}

/** RELEASES_DIR/registry.json as the site serves it. */
export interface Registry {
  remotes: Partial<Record<RemoteName, RegistryEntry>>;
  /** The shell's versions and live pointer (released like a remote; never sent to browsers). */
  shell?: RegistryEntry;
}

export interface RemoteInfo {
  readonly name: RemoteName;
  readonly devPort: number;
}

export declare const REMOTES: readonly RemoteInfo[];
export declare const REMOTE_NAMES: readonly RemoteName[];
export declare const SHELL: {
  readonly dir: 'shell';
  readonly workspace: '@metrology/shell';
  readonly devPort: number;
};
/** What the release platform publishes: the four remotes and the shell ('shell'). */
export type ReleaseName = RemoteName | 'shell';
export declare const RELEASE_NAMES: readonly ReleaseName[];
export declare function isReleaseName(name: string): name is ReleaseName;
/** Which remote serves a path, and the page module it exposes for it. */
export interface SectionRoute {
  readonly path: string;
  readonly remote: RemoteName;
  /** The exposed module, e.g. './ProductsPage' */
  readonly module: string;
}

export declare const ROUTES: readonly SectionRoute[];
export declare function pageFile(module: string): string;
export declare function pageLabel(module: string): string;
export declare function routesOf(remote: RemoteName): SectionRoute[];
export declare function exposesOf(remote: RemoteName): Record<string, string>;
export declare function isRemoteName(name: string): name is RemoteName;
export declare function federationName(remote: string): string;
export declare function federationIdentity(remote: RemoteName): { name: string; port: number };
/** Whether a version was live for everyone (liveAt); a version recorded before liveAt existed is not known to. */
export declare function wentLive(release: Release): boolean;
/** Live for everyone once and not rolled back: a version to fall back to. */
export declare function isKnownGood(release: Release): boolean;
export declare function fallbackOrder(entry: RegistryEntry): string[];
export declare function previousGoodVersion(entry: RegistryEntry): string | undefined;

export type VisitorVersion = { version: string; via: 'preview' | 'rollout' | 'live' };
/** A visitor's bucket for one remote, 0-99, stable for a session id. */
export declare function rolloutBucket(sessionId: string, remote: string): number;
/** The version of a remote one visitor is served: a valid preview, else the rollout's share, else live. */
export declare function versionForVisitor(
  entry: RegistryEntry,
  visitor: { bucket: number; preview?: string | null },
): VisitorVersion;
/** The registry as one visitor sees it: `current` is their version, and no rollout is left to decide. */
export declare function registryForVisitor(
  registry: Registry,
  visitor: { sessionId: string; previews?: Partial<Record<RemoteName, string>> },
): { registry: Registry; served: Partial<Record<RemoteName, VisitorVersion>> };
