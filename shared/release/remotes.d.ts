// Types of remotes.mjs (the remotes, their routes and the fallback rule). The registry's records are the contracts'
// (shared/src/contracts/release-model.ts, TypeBox): this module re-exports their types, it declares none of them.
import type { Registry, RegistryEntry, Release } from '@metrology/shared/contracts';

export type { Registry, RegistryEntry, Release, Rollout, RolloutStage } from '@metrology/shared/contracts';

/** The remotes, by package folder and workspace name. */
export type RemoteName = 'mfe-catalog' | 'mfe-commerce' | 'mfe-content' | 'mfe-careers';

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
