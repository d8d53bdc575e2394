// `npm run release -- publish|preview|rollout|complete|abort|rollback|status|log|repair|token`: what a release
// manager does with one remote at a time. The command line is parsed (cli-args.ts), then one command module
// (commands/) runs on a backend: RELEASES_DIR here (local-backend.ts), or a shop's API with --to URL or RELEASE_URL
// (http-backend.ts; the token commands always).
import { EXIT, type Output, type ReleaseBackend } from './backend.js';
import { HELP, UsageError, parseReleaseArgs } from './cli-args.js';
import { localBackend } from './local-backend.js';
import { httpBackend } from './http-backend.js';
import { abort } from './commands/abort.js';
import { complete } from './commands/complete.js';
import { log } from './commands/log.js';
import { preview } from './commands/preview.js';
import { publish, type BuildDeps } from './commands/publish.js';
import { repair } from './commands/repair.js';
import { rollback } from './commands/rollback.js';
import { rollout } from './commands/rollout.js';
import { status } from './commands/status.js';
import { token } from './commands/token.js';
import type { LocalOptions } from './local-backend.js';
import type { LocalCommand } from './parsed-command.js';

export * from './cli-args.js';
export * from './cli-print.js';
export { EXIT } from './backend.js';

export interface ReleaseDeps extends LocalOptions, BuildDeps, Output {
  /** RELEASE_URL: run every command on this shop's API instead of RELEASES_DIR */
  releaseUrl?: string;
  /** RELEASE_TOKEN: the deploy token sent with those calls */
  releaseToken?: string;
  /** RELEASE_EMAIL and RELEASE_PASSWORD (token commands) */
  managerLogin?: { email: string; password: string };
  fetch?: typeof fetch;
}

/** The shop's API the command runs on: --to URL, else RELEASE_URL, else (token commands) the local API. */
function remote(deps: ReleaseDeps, url: string | undefined) {
  return httpBackend({
    url: url ?? 'http://localhost:4000',
    ...(deps.releaseToken ? { token: deps.releaseToken } : {}),
    ...(deps.managerLogin ? { login: deps.managerLogin } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
}

/** Runs one command on a backend; its exit code. */
function run(
  command: Exclude<LocalCommand, { command: 'help' | 'token' }>,
  backend: ReleaseBackend,
  deps: ReleaseDeps,
): Promise<number> {
  switch (command.command) {
    case 'publish':
      return publish(command, backend, deps);
    case 'preview':
      return preview(command, backend, deps);
    case 'rollout':
      return rollout(command, backend, deps);
    case 'complete':
      return complete(command, backend, deps);
    case 'abort':
      return abort(command, backend, deps);
    case 'rollback':
      return rollback(command, backend, deps);
    case 'status':
      return status(command, backend, deps);
    case 'log':
      return log(command, backend, deps);
    case 'repair':
      return repair(backend, deps);
  }
}

/** Runs one release command; returns the process exit code. Errors are printed, never thrown. */
export async function runRelease(argv: string[], deps: ReleaseDeps): Promise<number> {
  let command;
  try {
    command = parseReleaseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    deps.err(`release: ${error.message}`);
    deps.err(`Run 'npm run release -- --help' for usage.`);
    return EXIT.usage;
  }
  if (command.command === 'help') {
    deps.out(HELP);
    return EXIT.ok;
  }
  const url = command.url ?? deps.releaseUrl;
  try {
    if (command.command === 'token') return await token(command, remote(deps, url), deps);
    return await run(command, url ? remote(deps, url) : localBackend(deps), deps);
  } catch (error) {
    deps.err(`release: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.refused;
  }
}
