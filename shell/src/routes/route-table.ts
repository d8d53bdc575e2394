/** Which section owns which path: the shell's route table (SPEC section 2, DESIGN.md layout). */
import {
  REMOTE_NAMES,
  ROUTES,
  federationName,
  type RemoteName,
  type SectionRoute,
} from '@metrology/shared/release';

// The remotes, their names and the paths they serve are the release model's (@metrology/shared/release).
export { ROUTES, federationName, type RemoteName, type SectionRoute };

export const REMOTES: readonly RemoteName[] = REMOTE_NAMES;

/** The section label shown in fallbacks and used as data-boundary. */
export function sectionLabel(remote: RemoteName): string {
  return remote.replace(/^mfe-/, '');
}
