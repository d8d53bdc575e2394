// The release CLI's command line: its help, its options, and the parse into a command (commands.ts) or a
// UsageError (exit code 2).
import { parseArgs } from 'node:util';
import { PREVIEW_SECONDS } from '@metrology/shared/contracts';
import { isReleaseName } from '@metrology/shared/release';
import {
  RELEASE_NAMES,
  REMOTE_NAMES,
  SHELL_NOT_STAGED,
  SHELL_RELEASE,
  isValidVersion,
  parseRolloutPlan,
} from './registry.js';
import type { LocalCommand, ReleaseCommand } from './parsed-command.js';

export const HELP = `Usage: npm run release -- <command> [options]

Commands:
  publish <remote> [--version X] [--dist DIR] [--client-only] [--staged]
      Build <remote> for production (npm run build -w <remote>: its browser build and its Node build
      in server/) and publish both as the new immutable version X, which goes live at once. X defaults
      to the version in <remote>/package.json. A version that is already published is refused.
      --dist DIR publishes an existing production build instead of building (for example one made
      by CI). Before the pointer moves, the Node build is loaded once (server/remoteEntry.js and
      each page); a version whose Node build is missing or does not load is refused.
      --client-only publishes the browser build alone (any server/ is left out), recorded as such
      in the registry: the site renders that version's pages in the browser, not on the server.
      --staged publishes without going live (the live version and a running rollout stay): then
      preview it and roll it out. A publish that goes live ends a running rollout of the remote.
      'publish shell' releases the shell the same way (its page, assets and Node render; never staged
      nor client-only): the site serves the new version on its next request, and keeps serving the
      files of the last SHELL_VERSIONS_SERVED shell versions (default 5) to pages opened before.
  preview <remote> <version> [--ttl 1h]
      Print a link that shows the published version X of <remote> in the browser that opens it, and
      nowhere else (a signed preview cookie; the page shows a banner with "Exit preview"). The link
      works for --ttl (like 30m, 1h, 2d; at most 7d). The base is SITE_URL.
  rollout <remote> <version> --percent N | --plan PLAN [--why TEXT]
      Give the published version X to N % of visitors (1-100; each visitor keeps their share), or
      follow PLAN: comma-separated stages PERCENT:MINUTES, 'approve' before a stage that waits for a
      release manager, and a last stage of 100 where the rollout completes by itself. For example
      --plan "10:10,50:10,approve,100": 10 % for 10 minutes, 50 % for 10 minutes, wait for approval,
      then everyone. A plan moves on only while the canary is healthy; a canary that fails too often
      is rolled back by itself (docs/releases.md "How a team ships").
  rollout <remote> --percent N [--why TEXT]
      Change the share of the running rollout (a plan it followed is dropped).
  rollout <remote> --approve [--why TEXT]
      Start the plan's stage that waits for approval.
  complete <remote> [--why TEXT]
      Make the rollout's version live for everyone.
  abort <remote> [--why TEXT]
      Stop the rollout: everyone gets the live version again, the canary is marked rolled back.
  rollback <remote> [--to X] [--why TEXT]
      Make the previous good version live again (the newest one published before the live one that
      was not rolled back), or the published version X. Only the pointer moves; no file changes.
      'rollback shell' moves the shell's pointer the same way.
  status [--json]
      Every remote's live version, when and from which commit it was built, its history, and the
      split of a running rollout.
      --json prints {"<remote>": {"current", "history": [{"version", "publishedAt", "commit"}], "rollout"}}
      (with "clientOnly": true on a version published with --client-only; "rollout" only while one runs:
      {"version", "percent", "startedAt", "stageStartedAt", "plan", "stage", "awaitingApproval", "by"})
      (use npm run --silent release -- status --json for output without npm's banner).
      A damaged registry.json is reported (exit code 1) with what the site serves instead.
  repair
      Make a damaged registry.json good again: from its last good copy (registry.json.last-good),
      else rebuilt from the published version folders. Nothing changes when it is not damaged.
  log [--json] [--limit N]
      The action log, newest first: who published, previewed, rolled out, completed, aborted or rolled
      back what, when and why; automatic actions with the figures they were decided on.

  token create --remote R[,R] --can publish,rollout,approve,rollback,preview,read --expires 90d --name NAME
  token list | token revoke <id>
      Deploy tokens (a release manager's, signed in with RELEASE_EMAIL and RELEASE_PASSWORD): the secret is
      printed once, alone on standard output.

Over the network: with --to URL (the shop's site or API) or RELEASE_URL, every command runs on that shop's API
with the deploy token in RELEASE_TOKEN, within its remotes and actions; publish builds here and uploads a pack.

Every action writes a row to the action log (RELEASES_DIR/actions.jsonl, or the release_actions table with
DATABASE_URL), naming RELEASE_ACTOR or user@host.

Remotes: ${REMOTE_NAMES.join(', ')}; and the shell (publish, rollback, status, log: never staged)
Environment: RELEASES_DIR  where versions and registry.json live (default ./data/releases)
             DATABASE_URL  when set, the live pointer and history are in this PostgreSQL database (shared by
                           every site server of a cluster); the versions' files stay in RELEASES_DIR
             RELEASE_SIGNING_KEY  signs preview links (else DATA_DIR/release-signing.key, which npm start
                           and npm run cluster create; DATA_DIR defaults to ./data)
             SITE_URL      the site preview links point at (default http://localhost:\${SITE_PORT:-8080})
             RELEASE_ACTOR who the action log names (default user@host)
Exit codes: 0 done, 1 refused or failed, 2 wrong usage`;

/** Wrong arguments: exit code 2 and a pointer to --help. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export type { LocalCommand, ReleaseCommand } from './parsed-command.js';

/** Each option: whether it takes a value, and the commands that have it. */
const OPTIONS = {
  version: { type: 'string', commands: ['publish'] },
  dist: { type: 'string', commands: ['publish'] },
  'client-only': { type: 'boolean', commands: ['publish'] },
  staged: { type: 'boolean', commands: ['publish'] },
  // A URL: the shop to act on (every command); on rollback, a version is the version to go back to.
  to: {
    type: 'string',
    commands: ['publish', 'preview', 'rollout', 'complete', 'abort', 'rollback', 'status', 'log', 'token'],
  },
  remote: { type: 'string', commands: ['token'] },
  can: { type: 'string', commands: ['token'] },
  expires: { type: 'string', commands: ['token'] },
  name: { type: 'string', commands: ['token'] },
  json: { type: 'boolean', commands: ['status', 'log'] },
  ttl: { type: 'string', commands: ['preview'] },
  percent: { type: 'string', commands: ['rollout'] },
  plan: { type: 'string', commands: ['rollout'] },
  approve: { type: 'boolean', commands: ['rollout'] },
  why: { type: 'string', commands: ['rollout', 'complete', 'abort', 'rollback'] },
  limit: { type: 'string', commands: ['log'] },
} as Record<string, { type: 'string' | 'boolean'; commands: string[] }>;

const COMMANDS = [
  'publish',
  'preview',
  'rollout',
  'complete',
  'abort',
  'rollback',
  'status',
  'log',
  'token',
  'repair',
] as const;

function isCommand(name: string | undefined): name is (typeof COMMANDS)[number] {
  return (COMMANDS as readonly (string | undefined)[]).includes(name);
}

/** '90s', '30m', '1h', '2d' -> seconds. */
export function parseDuration(text: string) {
  const match = /^(\d{1,6})([smhd])$/.exec(text);
  if (!match) throw new UsageError(`--ttl '${text}' is not a duration like 30m, 1h or 2d`);
  const seconds = Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[match[2] as 's' | 'm' | 'h' | 'd'];
  if (seconds < PREVIEW_SECONDS.min || seconds > PREVIEW_SECONDS.max)
    throw new UsageError(`--ttl ${text} is out of range (1m to 7d)`);
  return seconds;
}

function parsePercent(text: string) {
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 100)
    throw new UsageError(`--percent '${text}' is not a whole percentage from 1 to 100`);
  return Number(text);
}

/** @param argv the arguments after the script name */
export function parseReleaseArgs(argv: string[]): ReleaseCommand {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    return { command: 'help' };
  }
  const [command, ...rest] = argv;
  if (command === 'repair') {
    if (rest.length) throw new UsageError(`'repair' takes no arguments (got ${rest.join(' ')})`);
    return { command };
  }
  if (!isCommand(command)) {
    throw new UsageError(`Unknown command '${command}' (${COMMANDS.slice(0, -1).join(', ')} or repair)`);
  }
  // Not strict: the tokens are checked here, so that each mistake gets its own message.
  const { tokens } = parseArgs({
    args: rest,
    options: Object.fromEntries(Object.entries(OPTIONS).map(([name, { type }]) => [name, { type }])),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
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
    // --to names the shop when it is a URL (and, on rollback, the version otherwise).
    const key = token.name === 'to' && /^https?:\/\//i.test(token.value ?? '') ? 'url' : token.name;
    if (token.name === 'to' && key === 'to' && command !== 'rollback')
      throw new UsageError(
        `--to needs the shop's URL (http://... or https://...), got '${token.value ?? ''}'`,
      );
    if (key in options) throw new UsageError(`${name} is given twice`);
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${name} takes no value`);
      options[token.name] = true;
      continue;
    }
    const value = token.value;
    if (value === undefined || value === '' || (!token.inlineValue && value.startsWith('--'))) {
      throw new UsageError(`${name} needs a value`);
    }
    options[key] = value;
  }
  const url = typeof options.url === 'string' ? { url: options.url } : {};
  return { ...parseCommand(command, positional, options), ...url };
}

function parseCommand(
  command: (typeof COMMANDS)[number],
  positional: string[],
  options: Record<string, string | true>,
): LocalCommand {
  if (command === 'token') return parseTokenCommand(positional, options);

  if (command === 'status') {
    if (positional.length) throw new UsageError(`'status' takes no remote (got ${positional.join(' ')})`);
    return { command, json: options.json === true };
  }
  if (command === 'log') {
    if (positional.length) throw new UsageError(`'log' takes no remote (got ${positional.join(' ')})`);
    const limit = typeof options.limit === 'string' ? options.limit : '50';
    if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1)
      throw new UsageError(`--limit '${limit}' is not a number of rows from 1 to 9999`);
    return { command, json: options.json === true, limit: Number(limit) };
  }
  if (positional.length === 0)
    throw new UsageError(`'${command}' needs a remote (${REMOTE_NAMES.join(', ')})`);
  // preview and rollout name a version after the remote.
  const takesVersion = command === 'preview' || command === 'rollout';
  if (positional.length > (takesVersion ? 2 : 1))
    throw new UsageError(
      `'${command}' takes one remote${takesVersion ? ' and a version' : ''} (got ${positional.join(' ')})`,
    );
  const remote = positional[0] as string;
  if (!isReleaseName(remote)) {
    throw new UsageError(`Unknown remote '${remote}' (one of ${RELEASE_NAMES.join(', ')})`);
  }
  if (
    remote === SHELL_RELEASE &&
    (!['publish', 'rollback'].includes(command) || options.staged === true || options['client-only'] === true)
  )
    throw new UsageError(
      `'${command}${options.staged === true ? ' --staged' : ''}${options['client-only'] === true ? ' --client-only' : ''}' is not for the shell. ${SHELL_NOT_STAGED}.`,
    );
  const versionOption = (name: string) => {
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
      ...(options['client-only'] === true ? { clientOnly: true as const } : {}),
      ...(options.staged === true ? { staged: true as const } : {}),
    };
  }
  const why = typeof options.why === 'string' ? { why: options.why } : {};
  const checkedVersion = (version: string | undefined) => {
    if (version !== undefined && !isValidVersion(version))
      throw new UsageError(`'${version}' is not a version like 1.4.0 or 1.4.0-rc.1`);
    return version;
  };
  if (command === 'preview') {
    const version = checkedVersion(positional[1]);
    if (!version) throw new UsageError(`'preview' needs a version: preview ${remote} <version>`);
    const ttlSeconds = parseDuration(typeof options.ttl === 'string' ? options.ttl : '1h');
    return { command, remote, version, ttlSeconds };
  }
  if (command === 'rollout') {
    const version = checkedVersion(positional[1]);
    const given = ['percent', 'plan', 'approve'].filter((name) => name in options);
    if (given.length !== 1)
      throw new UsageError(
        version
          ? `'rollout ${remote} ${version}' needs one of --percent N or --plan PLAN`
          : `'rollout ${remote}' needs one of --percent N (change the share) or --approve (start the next stage)`,
      );
    if (version) {
      if (options.approve) throw new UsageError(`--approve takes no version: rollout ${remote} --approve`);
      if (typeof options.plan === 'string') {
        try {
          return { command, remote, version, plan: parseRolloutPlan(options.plan), ...why };
        } catch (error) {
          throw new UsageError(error instanceof Error ? error.message : String(error));
        }
      }
      return { command, remote, version, percent: parsePercent(String(options.percent)), ...why };
    }
    if (typeof options.plan === 'string')
      throw new UsageError(`--plan starts a rollout: rollout ${remote} <version> --plan PLAN`);
    if (options.approve) return { command, remote, approve: true, ...why };
    return { command, remote, percent: parsePercent(String(options.percent)), ...why };
  }
  if (command === 'complete' || command === 'abort') return { command, remote, ...why };
  const to = versionOption('to');
  return { command: 'rollback', remote, ...(to ? { to } : {}), ...why };
}

function parseTokenCommand(positional: string[], options: Record<string, string | true>): LocalCommand {
  const [action, ...rest] = positional;
  const list = (name: string) =>
    typeof options[name] === 'string'
      ? String(options[name])
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : [];
  if (action === 'list' && rest.length === 0) return { command: 'token', action };
  if (action === 'revoke' && rest.length === 1) return { command: 'token', action, id: rest[0] as string };
  if (action !== 'create' || rest.length)
    throw new UsageError(
      `'token' is one of: token create --remote R --can A,B --expires 90d --name N | token list | token revoke <id>`,
    );
  const remotes = list('remote');
  const unknown = remotes.find((remote) => !isReleaseName(remote));
  if (!remotes.length || unknown)
    throw new UsageError(`token create needs --remote with known remotes (${RELEASE_NAMES.join(', ')})`);
  const can = list('can');
  if (!can.length)
    throw new UsageError('token create needs --can, some of publish,rollout,approve,rollback,preview,read');
  if (typeof options.name !== 'string')
    throw new UsageError('token create needs --name, like --name "content CI"');
  let expiresInDays;
  try {
    expiresInDays = parseExpiry(typeof options.expires === 'string' ? options.expires : '90d');
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  return { command: 'token', action: 'create', name: options.name, remotes, can, expiresInDays };
}

export function parseExpiry(text: string) {
  const match = /^(\d{1,3})d$/.exec(text);
  const days = match ? Number(match[1]) : NaN;
  if (!(days >= 1 && days <= 365))
    throw new UsageError(`--expires '${text}' is not a number of days like 90d (1d to 365d)`);
  return days;
}
