import type { RemoteName } from '../routes/route-table';

/** Why a release was given up on; shown to release managers. */
export type FailureKind = 'entry' | 'module' | 'render' | 'incompatible-shared';

/** Tries of one version before falling back: the first one and two retries. */
export const MAX_TRIES = 3;
const FIRST_BACKOFF_MS = 250;

/** Wait before retry n (1-based): 250 ms, 750 ms, ... */
export function backoffMs(retry: number): number {
  return FIRST_BACKOFF_MS * 3 ** (retry - 1);
}

export interface Candidate {
  version: string;
  /** The manifest (or remote entry) URL the federation runtime loads. */
  entry: string;
}

/**
 * Which version of one remote this page uses, and which ones already failed in it. It starts at the live
 * version and walks down the registry's fallback order; a failed version is not tried again until Retry.
 */
export class ReleasePlan {
  private index = 0;
  private tries = 0;
  private readonly failed = new Set<string>();

  constructor(
    readonly remote: RemoteName,
    readonly candidates: readonly Candidate[],
  ) {}

  /** The version in use now; undefined when every candidate failed. */
  get active(): Candidate | undefined {
    return this.candidates[this.index];
  }

  /** The live version in the registry (the first candidate). */
  get live(): Candidate | undefined {
    return this.candidates[0];
  }

  /** Counts a failed try of the active version; returns how many tries it has had. */
  noteFailedTry(): number {
    this.tries += 1;
    return this.tries;
  }

  /** Whether the active version may be tried again after this many failed tries. */
  mayRetry(tries: number, kind: FailureKind): boolean {
    // A remote built for another major of a shared singleton fails the same way every time.
    return kind !== 'incompatible-shared' && tries < MAX_TRIES;
  }

  /** Gives up on the active version and moves to the next one not yet failed; returns it (undefined: none left). */
  giveUp(): Candidate | undefined {
    const active = this.active;
    if (active) this.failed.add(active.version);
    this.tries = 0;
    do {
      this.index += 1;
    } while (
      this.index < this.candidates.length &&
      this.failed.has(this.candidates[this.index]?.version ?? '')
    );
    return this.active;
  }

  /** Retry after everything failed: start again from the live version, forgetting what failed. */
  restart(): Candidate | undefined {
    this.failed.clear();
    this.index = 0;
    this.tries = 0;
    return this.active;
  }

  hasFailed(version: string): boolean {
    return this.failed.has(version);
  }
}
