// What the release desk shows of a remote: its live version, its history (client-only versions marked), and a
// running rollout with the canary's figures beside the live version's over the controller's window.
import type { DeskRemote, RegistryEntry, ReleaseAction } from '@metrology/shared/contracts';
import type { ReleaseConfig } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { rolloutHealth } from './rollout-health.js';

export async function deskRemote(
  db: Queryable,
  remote: string,
  entry: RegistryEntry | undefined,
  policy: ReleaseConfig,
  now = new Date(),
): Promise<DeskRemote> {
  const history = (entry?.history ?? []).map(
    ({ version, publishedAt, commit, rolledBackAt, clientOnly }) => ({
      version,
      publishedAt,
      commit,
      ...(rolledBackAt ? { rolledBackAt } : {}),
      ...(clientOnly ? { clientOnly } : {}),
    }),
  );
  const base = { remote, current: entry?.current ?? null, history };
  if (!entry?.rollout) return base;
  const health = await rolloutHealth(db, remote, entry.current, entry.rollout, now, policy);
  return { ...base, rollout: { ...entry.rollout, ...health } };
}

export const toAction = (row: ReleaseAction): ReleaseAction => ({
  action: row.action,
  remote: row.remote,
  version: row.version,
  from: row.from,
  to: row.to,
  changed: row.changed,
  actor: row.actor,
  at: row.at,
  why: row.why,
  automatic: row.automatic,
  ...(row.percent === undefined ? {} : { percent: row.percent }),
  ...(row.figures ? { figures: row.figures } : {}),
});
