// @ts-check
// `npm run release -- publish|rollback|status`: what a release manager does with one remote at a time.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isRemoteName } from '@metrology/shared/release';
import {
  REMOTE_NAMES,
  ReleaseError,
  assertBuildOf,
  assertKnownRemote,
  isPublished,
  isValidVersion,
  publishRelease,
  lastGoodFile,
  readRegistryWithFallback,
  releaseStatus,
  repairRegistry,
  rollbackRelease,
} from './registry.mjs';
import { NODE_BUILD_DIR, buildSizes, formatBytes, hasNodeBuild, loadNodeBuild } from './node-build.mjs';

export const EXIT = { ok: 0, refused: 1, usage: 2 };

export const HELP = `Usage: npm run release -- <command> [options]

Commands:
  publish <remote> [--version X] [--dist DIR] [--client-only]
      Build <remote> for production (npm run build -w <remote>: its browser build and its Node build
      in server/) and publish both as the new immutable version X, which goes live at once. X defaults
      to the version in <remote>/package.json. A version that is already published is refused.
      --dist DIR publishes an existing production build instead of building (for example one made
      by CI). Before the pointer moves, the Node build is loaded once (server/remoteEntry.js and
      each page); a version whose Node build is missing or does not load is refused.
      --client-only publishes the browser build alone (any server/ is left out), recorded as such
      in the registry: the site renders that version's pages in the browser, not on the server.
  rollback <remote> [--to X]
      Make the previous good version live again (the newest one published before the live one that
      was not rolled back), or the published version X. Only the pointer moves; no file changes.
  status [--json]
      Every remote's live version, when and from which commit it was built, and its history.
      --json prints {"<remote>": {"current", "history": [{"version", "publishedAt", "commit"}]}}
      (with "clientOnly": true on a version published with --client-only)
      (use npm run --silent release -- status --json for output without npm's banner).
      A damaged registry.json is reported (exit code 1) with what the site serves instead.
  repair
      Make a damaged registry.json good again: from its last good copy (registry.json.last-good),
      else rebuilt from the published version folders. Nothing changes when it is not damaged.

Remotes: ${REMOTE_NAMES.join(', ')}
Environment: RELEASES_DIR  where versions and registry.json live (default ./releases)
             DATABASE_URL  when set, the live pointer and history are in this PostgreSQL database (shared by
                           every site server of a cluster); the versions' files stay in RELEASES_DIR
Exit codes: 0 done, 1 refused or failed, 2 wrong usage`;

/** Wrong arguments: exit code 2 and a pointer to --help. */
export class UsageError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * @typedef {{ command: 'help' }
 *   | { command: 'publish'; remote: string; version?: string; dist?: string; clientOnly?: true }
 *   | { command: 'rollback'; remote: string; to?: string }
 *   | { command: 'status'; json: boolean }
 *   | { command: 'repair' }} ReleaseCommand
 */

/** Each option: whether it takes a value, and the commands that have it. */
const OPTIONS = /** @type {Record<string, { type: 'string' | 'boolean'; commands: string[] }>} */ ({
  version: { type: 'string', commands: ['publish'] },
  dist: { type: 'string', commands: ['publish'] },
  'client-only': { type: 'boolean', commands: ['publish'] },
  to: { type: 'string', commands: ['rollback'] },
  json: { type: 'boolean', commands: ['status'] },
});

/** @param {string[]} argv the arguments after the script name @returns {ReleaseCommand} */
export function parseReleaseArgs(argv) {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    return { command: 'help' };
  }
  const [command, ...rest] = argv;
  if (command === 'repair') {
    if (rest.length) throw new UsageError(`'repair' takes no arguments (got ${rest.join(' ')})`);
    return { command };
  }
  if (command !== 'publish' && command !== 'rollback' && command !== 'status') {
    throw new UsageError(`Unknown command '${command}' (publish, rollback, status or repair)`);
  }
  // Not strict: the tokens are checked here, so that each mistake gets its own message.
  const { tokens } = parseArgs({
    args: rest,
    options: Object.fromEntries(Object.entries(OPTIONS).map(([name, { type }]) => [name, { type }])),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  /** @type {string[]} */
  const positional = [];
  /** @type {Record<string, string | true>} */
  const options = {};
  for (const token of tokens) {
    if (token.kind === 'positional') {
      positional.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    const name = token.rawName;
    const option = OPTIONS[token.name];
    if (!option || !option.commands.includes(command) || !name.startsWith('--')) {
      throw new UsageError(`'${command}' has no option ${name}`);
    }
    if (token.name in options) throw new UsageError(`${name} is given twice`);
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${name} takes no value`);
      options[token.name] = true;
      continue;
    }
    const value = token.value;
    if (value === undefined || value === '' || (!token.inlineValue && value.startsWith('--'))) {
      throw new UsageError(`${name} needs a value`);
    }
    options[token.name] = value;
  }

  if (command === 'status') {
    if (positional.length) throw new UsageError(`'status' takes no remote (got ${positional.join(' ')})`);
    return { command, json: options.json === true };
  }
  if (positional.length === 0)
    throw new UsageError(`'${command}' needs a remote (${REMOTE_NAMES.join(', ')})`);
  if (positional.length > 1)
    throw new UsageError(`'${command}' takes one remote (got ${positional.join(' ')})`);
  const remote = /** @type {string} */ (positional[0]);
  if (!isRemoteName(remote)) {
    throw new UsageError(`Unknown remote '${remote}' (one of ${REMOTE_NAMES.join(', ')})`);
  }
  /** @param {string} name */
  const versionOption = (name) => {
    const value = options[name];
    if (typeof value !== 'string') return undefined;
    if (!isValidVersion(value))
      throw new UsageError(`--${name} '${value}' is not a version like 1.4.0 or 1.4.0-rc.1`);
    return value;
  };
  if (command === 'publish') {
    const version = versionOption('version');
    const dist = typeof options.dist === 'string' ? options.dist : undefined;
    return {
      command,
      remote,
      ...(version ? { version } : {}),
      ...(dist ? { dist } : {}),
      ...(options['client-only'] === true ? { clientOnly: /** @type {const} */ (true) } : {}),
    };
  }
  const to = versionOption('to');
  return { command, remote, ...(to ? { to } : {}) };
}

/**
 * @typedef {object} ReleaseDeps
 * @property {string} releasesDir
 * @property {import('./registry.mjs').RegistryStore} [store] the pointer and history in PostgreSQL (DATABASE_URL)
 * @property {(remote: string) => Promise<string>} packageVersion the version in <remote>/package.json
 * @property {(remote: string) => Promise<{ distDir: string; cleanup: () => Promise<void> }>} build a production build:
 *   the browser build in distDir, its Node build in distDir/server
 * @property {() => string} commit the short commit the build comes from
 * @property {(remote: string, distDir: string) => Promise<string>} [buildHash]
 * @property {string} [cwd] where relative --dist paths start (npm run moves to the repo root; INIT_CWD is where it ran)
 * @property {(line: string) => void} out
 * @property {(line: string) => void} err
 */

/** @param {string} iso */
function formatTime(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** @param {string[][]} rows */
function table(rows) {
  const widths = rows.reduce(
    (acc, row) => row.map((cell, i) => Math.max(acc[i] ?? 0, cell.length)),
    /** @type {number[]} */ ([]),
  );
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

/** @param {import('./registry.mjs').Registry} registry */
export function statusTable(registry) {
  const rows = [['REMOTE', 'VERSION', 'PUBLISHED', 'COMMIT', 'STATE']];
  for (const remote of REMOTE_NAMES) {
    const entry = registry.remotes[remote];
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

/** @param {number} since a Date.now() */
function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/** @param {{ files: number; bytes: number }} half */
function size(half) {
  return `${formatBytes(half.bytes)} in ${half.files} file${half.files === 1 ? '' : 's'}`;
}

/** @param {ReleaseDeps} deps @param {{ remote: string; version?: string; dist?: string; clientOnly?: true }} command */
async function publish(deps, command) {
  const started = Date.now();
  const version = command.version ?? (await deps.packageVersion(command.remote));
  if (!isValidVersion(version)) {
    throw new ReleaseError(
      `${command.remote}/package.json has version '${version}', which is not like 1.4.0; pass --version`,
    );
  }
  // Refuse before spending a build on it; publishRelease checks again under the lock.
  if (await isPublished(deps.releasesDir, command.remote, version)) {
    throw new ReleaseError(
      `${command.remote} ${version} is already published; versions are immutable, choose another --version`,
    );
  }
  const building = Date.now();
  const built = command.dist
    ? { distDir: path.resolve(deps.cwd ?? process.cwd(), command.dist), cleanup: async () => undefined }
    : await deps.build(command.remote);
  try {
    const { distDir } = built;
    const clientOnly = command.clientOnly === true;
    // A folder that is no build of this remote is refused as such before its halves are measured.
    await assertBuildOf(command.remote, distDir);
    const sizes = await buildSizes(distDir);
    const withNode = await hasNodeBuild(distDir);
    deps.out(
      `${command.dist ? `Publishing ${distDir}` : `Built ${command.remote} in ${seconds(building)}`}: ` +
        `browser build ${size(sizes.browser)}, ` +
        (withNode
          ? `Node build ${size(sizes.node)}${clientOnly ? ' (left out: --client-only)' : ''}`
          : 'no Node build') +
        '.',
    );
    if (!withNode && !clientOnly) {
      throw new ReleaseError(
        `${distDir} has no Node build (${NODE_BUILD_DIR}/remoteEntry.js), so the site could not render ` +
          `${command.remote}'s pages on the server. Publish a build made by 'npm run build -w ${command.remote}' ` +
          `(it makes both), or pass --client-only to publish the browser build alone.`,
      );
    }
    const release = await publishRelease({
      releasesDir: deps.releasesDir,
      remote: command.remote,
      distDir,
      version,
      commit: deps.commit(),
      ...(deps.store ? { store: deps.store } : {}),
      ...(deps.buildHash ? { buildHash: await deps.buildHash(command.remote, distDir) } : {}),
      ...(clientOnly
        ? { clientOnly }
        : {
            // In the version folder about to go live: exactly the files the site's renderer will load.
            verify: async (versionDir) => {
              const loading = Date.now();
              const { pages } = await loadNodeBuild(versionDir, command.remote).catch((error) => {
                throw new ReleaseError(
                  `The Node build of ${command.remote} ${version} does not load ` +
                    `(${error instanceof Error ? error.message : error}); nothing was published.`,
                );
              });
              deps.out(
                `Node build loaded: ${pages.length} page${pages.length === 1 ? '' : 's'} in ${seconds(loading)}.`,
              );
            },
          }),
    });
    deps.out(
      `Published ${command.remote} ${release.version} (commit ${release.commit}); it is live now` +
        (release.previous ? ` (was ${release.previous}).` : '.') +
        (clientOnly ? ' Client-only: the browser renders its pages, not the server.' : ''),
    );
    deps.out(`Done in ${seconds(started)}.`);
  } finally {
    await built.cleanup();
  }
}

/**
 * Runs one release command; returns the process exit code. Errors are printed, never thrown.
 * @param {string[]} argv @param {ReleaseDeps} deps @returns {Promise<number>}
 */
export async function runRelease(argv, deps) {
  let command;
  try {
    command = parseReleaseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    deps.err(`release: ${error.message}`);
    deps.err(`Run 'npm run release -- --help' for usage.`);
    return EXIT.usage;
  }
  try {
    switch (command.command) {
      case 'help':
        deps.out(HELP);
        return EXIT.ok;
      case 'status': {
        const reading = deps.store
          ? { registry: await deps.store.read(), damage: undefined, source: 'postgres' }
          : await readRegistryWithFallback(deps.releasesDir);
        const { registry } = reading;
        deps.out(command.json ? JSON.stringify(releaseStatus(registry), null, 2) : statusTable(registry));
        if (reading.damage) {
          deps.err(`release: DAMAGED: ${reading.damage}`);
          deps.err(
            reading.source === 'last-good'
              ? `release: the site serves the last good copy (${lastGoodFile(deps.releasesDir)}), shown above. Run 'npm run release -- repair' to restore it.`
              : `release: there is no last good copy. Run 'npm run release -- repair' to rebuild the registry from the published versions.`,
          );
          return EXIT.refused;
        }
        return EXIT.ok;
      }
      case 'repair': {
        const result = await repairRegistry(deps.releasesDir);
        deps.out(
          !result.repaired
            ? 'registry.json is good; nothing to repair.'
            : result.from === 'last-good'
              ? `Repaired registry.json from its last good copy (it was: ${result.damage}).`
              : `Rebuilt registry.json from the published version folders (it was: ${result.damage}); the newest version of each remote is live.`,
        );
        return EXIT.ok;
      }
      case 'publish':
        assertKnownRemote(command.remote);
        await publish(deps, command);
        return EXIT.ok;
      case 'rollback': {
        const result = await rollbackRelease({
          releasesDir: deps.releasesDir,
          remote: command.remote,
          ...(command.to ? { to: command.to } : {}),
          ...(deps.store ? { store: deps.store } : {}),
        });
        deps.out(
          result.changed
            ? `${command.remote} ${result.to} is live now (was ${result.from}).`
            : `${command.remote} ${result.to} is already live; nothing changed.`,
        );
        return EXIT.ok;
      }
    }
  } catch (error) {
    deps.err(`release: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.refused;
  }
}
