// What the release CLI's commands act on: a ReleaseBackend, either RELEASES_DIR and its registry on this machine
// (local-backend.ts) or a shop's API over HTTP with a deploy token (http-backend.ts). A command module
// (commands/) resolves what the command line leaves open, calls the backend once and prints what it answers; it
// never asks which backend it has. Deploy tokens live in the API alone (DeployTokenAdmin, over HTTP).
import type { DeployToken, Registry, ReleaseAction, RolloutStage } from '@metrology/shared/contracts';

/** The process exit codes: 0 done, 1 refused or failed, 2 wrong usage. */
export const EXIT = { ok: 0, refused: 1, usage: 2 };

/** Where a command prints: its result on standard output, notes and refusals on standard error. */
export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A production build of a remote (or the shell) about to be published as `version`. */
export interface PublishInput {
  remote: string;
  version: string;
  /** the short commit the build comes from */
  commit: string;
  /** the browser build, with its Node build in distDir/server */
  distDir: string;
  /** how a report of the build names where it comes from: "Built mfe-content in 3.1 s" or "Publishing /dir" */
  origin: string;
  clientOnly: boolean;
  staged: boolean;
}

/** The registry as `status` shows it. */
export interface StatusReading {
  registry: Registry;
  /** the rows, in order (over the network: the remotes the token may read); default every remote */
  rows?: readonly string[];
  /** what `status --json` prints */
  json: unknown;
  /** registry.json is damaged: how, and what the site serves instead with what to do about it */
  damage?: { detail: string; advice: string };
}

/** A registry action on one remote, with the reason the action log keeps. */
export interface RemoteAction {
  remote: string;
  why?: string;
}

export type StartRollout = RemoteAction & { version: string } & (
    { percent: number } | { plan: RolloutStage[] }
  );

/**
 * Every release operation the CLI runs. Each one that changes something answers the sentence that says what
 * happened (over HTTP the API's own message); a refusal is a thrown error whose message says why.
 */
export interface ReleaseBackend {
  /** Refuses a version that is already published before a build is spent on it (where this can be known). */
  assertUnpublished(remote: string, version: string): Promise<void>;
  /** Publishes a build; `progress` hears what happens on the way (measured, packed, its Node build loaded). */
  publish(build: PublishInput, progress: (line: string) => void): Promise<string>;
  /** A link that shows a published version in the browser that opens it, and a note on it. */
  preview(remote: string, version: string, ttlSeconds: number): Promise<{ link: string; note: string }>;
  startRollout(action: StartRollout): Promise<string>;
  setRolloutPercent(action: RemoteAction & { percent: number }): Promise<string>;
  approveRolloutStage(action: RemoteAction): Promise<string>;
  completeRollout(action: RemoteAction): Promise<string>;
  abortRollout(action: RemoteAction): Promise<string>;
  rollback(action: RemoteAction & { to?: string }): Promise<string>;
  status(): Promise<StatusReading>;
  /** The action log, newest first. */
  log(limit: number): Promise<ReleaseAction[]>;
  /** Makes a damaged registry.json good again. */
  repair(): Promise<string>;
}

/** A new deploy token as `token create` asks for it. */
export interface NewDeployToken {
  name: string;
  remotes: string[];
  can: string[];
  expiresInDays: number;
}

/** The deploy tokens a release manager keeps (in the shop's API). */
export interface DeployTokenAdmin {
  /** The token made: what the API says of it, and its secret (shown this once). */
  createToken(token: NewDeployToken): Promise<{ message: string; secret: string }>;
  listTokens(): Promise<DeployToken[]>;
  revokeToken(id: string): Promise<string>;
}
