// What the release CLI prints: the status table, the action log and a rollout's state, for the local commands
// (cli.ts) and the network ones (http-client.ts) alike.
import { RELEASE_NAMES, REMOTE_NAMES, entryOf, formatRolloutPlan } from './registry.js';
import type { Registry, ReleaseActionRecord } from './registry.js';
import type { Rollout } from '@metrology/shared/release';

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
 *
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

/** @param since a Date.now() */
export function actionsTable(actions: ReleaseActionRecord[]) {
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
