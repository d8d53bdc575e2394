import { satisfy } from '@module-federation/enhanced/runtime';

/** What a remote's mf-manifest.json says about one shared module it was built with. */
export interface ManifestShared {
  name: string;
  version?: string;
  singleton?: boolean;
  requiredVersion?: string | false;
}

export interface SharedConflict {
  name: string;
  requiredVersion: string;
  providedVersion: string;
}

/**
 * The shared singletons a remote cannot run with: it requires a range the version the shop already runs does
 * not satisfy (a singleton has one copy in the page, so the remote would get the shop's and crash later).
 */
export function sharedConflicts(
  shared: readonly ManifestShared[] | undefined,
  providedVersion: (name: string) => string | undefined,
): SharedConflict[] {
  const conflicts: SharedConflict[] = [];
  for (const item of shared ?? []) {
    if (!item.singleton || typeof item.requiredVersion !== 'string' || !item.requiredVersion) continue;
    const provided = providedVersion(item.name);
    if (provided && !satisfy(provided, item.requiredVersion)) {
      conflicts.push({ name: item.name, requiredVersion: item.requiredVersion, providedVersion: provided });
    }
  }
  return conflicts;
}

/** A release refused because of its shared singletons, with a message a release manager can act on. */
export class IncompatibleReleaseError extends Error {
  constructor(
    readonly remote: string,
    readonly version: string,
    readonly conflicts: readonly SharedConflict[],
  ) {
    super(
      `${remote} ${version} is refused: it was built for ${conflicts
        .map((c) => `${c.name} ${c.requiredVersion}`)
        .join(', ')}, but this shop runs ${conflicts
        .map((c) => `${c.name} ${c.providedVersion}`)
        .join(', ')} (shared singletons have one copy per page); rebuild it against the shop's versions`,
    );
    this.name = 'IncompatibleReleaseError';
  }
}

/** The federation runtime's own refusal (strictVersion) when a remote slipped past the manifest check. */
export function isStrictVersionRefusal(error: unknown): boolean {
  return error instanceof Error && /does not satisfy the requirement/.test(error.message);
}
