// What the release CLI prints: the status table, the action log, a rollout's state and a deploy token, whichever
// backend (local or over the network) the command ran on.
import { RELEASE_NAMES, REMOTE_NAMES, entryOf, formatRolloutPlan } from './model.js';
import type { DeployToken, Registry, ReleaseAction, Rollout } from '@metrology/shared/contracts';

/** The time since a Date.now(), as the CLI reports it ("3.1 s"). */
export function secondsSince(since: number) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/** An ISO time as the tables print it (UTC, to the second). */
export function formatTime(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function table(rows: string[][]) {
  const widths = rows.reduce(
    (acc, row) => row.map((cell, i) => Math.max(acc[i] ?? 0, cell.length)),
    [] as number[],
  );
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

/** The split of a running rollout, as status and the rollout commands say it. */
export function rolloutState(rollout: Rollout) {
  const plan = rollout.plan
    ? `, stage ${(rollout.stage ?? 0) + 1} of ${rollout.plan.length} of ${formatRolloutPlan(rollout.plan)}` +
      (rollout.awaitingApproval ? ', waiting for approval' : '')
    : '';
  return `rolling out to ${rollout.percent} % since ${formatTime(rollout.stageStartedAt)}${plan}`;
}

/**
 * Every release of each remote, one row each, with its time, commit and state.
 * @param [remotes] the rows (over the network: the remotes the token may read)
 */
export function statusTable(
  registry: Registry,
  remotes: readonly string[] = registry.shell ? RELEASE_NAMES : REMOTE_NAMES,
) {
  const rows = [['REMOTE', 'VERSION', 'PUBLISHED', 'COMMIT', 'STATE']];
  for (const remote of remotes) {
    const entry = entryOf(registry, remote);
    if (!entry || entry.history.length === 0) {
      rows.push([remote, '-', '-', '-', 'never published']);
      continue;
    }
    entry.history.forEach((release, index) => {
      const state = [
        release.version === entry.current
          ? 'live'
          : release.rolledBackAt
            ? `rolled back ${formatTime(release.rolledBackAt)}`
            : '',
        release.clientOnly ? 'client-only' : '',
        entry.rollout?.version === release.version ? rolloutState(entry.rollout) : '',
      ]
        .filter(Boolean)
        .join(', ');
      rows.push([
        index === 0 ? remote : '',
        release.version,
        formatTime(release.publishedAt),
        release.commit,
        state,
      ]);
    });
  }
  return table(rows).join('\n');
}

/** The action log, a row per action as given (newest first). */
export function actionsTable(actions: readonly ReleaseAction[]) {
  const rows = [['WHEN', 'WHO', 'ACTION', 'REMOTE', 'VERSION', 'SHARE', 'LIVE', 'WHY']];
  for (const action of actions) {
    const figures = action.figures
      ? ` [${Object.entries(action.figures)
          .map(([name, value]) => `${name}=${value}`)
          .join(' ')}]`
      : '';
    rows.push([
      formatTime(action.at),
      action.automatic ? `${action.actor} (automatic)` : action.actor,
      action.action,
      action.remote,
      action.version || '-',
      action.percent === undefined ? '' : `${action.percent} %`,
      action.from === action.to ? action.to || '-' : `${action.from || '-'} -> ${action.to}`,
      `${action.why}${figures}`,
    ]);
  }
  return table(rows).join('\n');
}

/** A deploy token on one line: never its secret. */
export function tokenLine(token: DeployToken) {
  const state = token.revokedAt ? `revoked ${token.revokedAt}` : `expires ${token.expiresAt}`;
  const used = token.lastUsedAt
    ? `last used ${token.lastUsedAt} (${token.lastUsedFor ?? ''} from ${token.lastUsedFrom ?? '?'})`
    : 'never used';
  return `${token.id}  ${token.name}  remotes: ${token.remotes.join(',')}  can: ${token.can.join(',')}  ${state}  ${used}`;
}
