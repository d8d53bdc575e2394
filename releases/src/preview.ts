// A preview link: a signed token that shows one published version that is not live to the browser that opens it,
// and its row in the action log. The CLI (local-backend.ts) and the release desk (the API's preview route) both
// give links through here, so they refuse, sign and log alike.
import { signToken } from '@metrology/server-kit/signed-token';
import { ReleaseError } from './model.js';
import type { ReleaseStore } from './release-store.js';

export interface PreviewGrant {
  /** The token the site server's /__preview takes (signed with the site's RELEASE_SIGNING_KEY). */
  token: string;
  /** When the link stops working, as an ISO time. */
  expiresAt: string;
}

/**
 * Signs a preview of `remote` `version` for `ttlSeconds` and logs who gave it (the link itself is a credential and
 * stays out of the log). Refuses, with a ReleaseError, a version that is not published or is live already.
 */
export async function grantPreview({
  store,
  remote,
  version,
  by,
  key,
  ttlSeconds,
}: {
  store: ReleaseStore;
  remote: string;
  version: string;
  by: string;
  key: string;
  ttlSeconds: number;
}): Promise<PreviewGrant> {
  const entry = (await store.read()).remotes[remote];
  const published = entry?.history.map((release) => release.version) ?? [];
  if (!entry || !published.includes(version))
    throw new ReleaseError(
      `${remote} ${version} is not published` +
        (published.length ? ` (published: ${published.join(', ')})` : ''),
    );
  if (entry.current === version)
    throw new ReleaseError(`${remote} ${version} is live; everyone sees it already`);
  const token = signToken(key, { preview: { remote, version } }, ttlSeconds);
  const now = Date.now();
  const expiresAt = new Date(now + ttlSeconds * 1000).toISOString();
  await store.record([
    {
      at: new Date(now).toISOString(),
      actor: by,
      action: 'preview',
      remote,
      version,
      from: entry.current,
      to: entry.current,
      changed: false,
      why: `preview link until ${expiresAt}`,
      automatic: false,
    },
  ]);
  return { token, expiresAt };
}
