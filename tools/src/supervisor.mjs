// @ts-check
// Keeps a child process running: a crash (any exit the supervisor did not ask for) is logged and the child is
// started again after a backoff that doubles up to a ceiling and resets once the child has stayed up a while.
import { spawn } from 'node:child_process';

/**
 * @typedef {object} SuperviseOptions
 * @property {string} name what the log calls the child ("the API", "the site")
 * @property {string} command
 * @property {string[]} args
 * @property {string} cwd
 * @property {Record<string, string>} env
 * @property {'inherit' | 'ignore' | 'pipe'} [output]
 * @property {string} [input] written to each start's standard input, which is then closed (secrets a child must
 *   not find in its environment); without it the child's standard input is closed
 * @property {(line: string) => void} [log]
 * @property {number} [initialBackoffMs] first wait before a restart (default 250 ms)
 * @property {number} [maxBackoffMs] longest wait (default 10 s)
 * @property {number} [stableAfterMs] a child up this long starts the backoff afresh (default 30 s)
 * @property {number} [stopTimeoutMs] SIGKILL after this long when SIGTERM does not end it (default 5 s)
 */

/** @param {SuperviseOptions} options */
export function supervise(options) {
  const log = options.log ?? ((line) => console.error(line));
  const initial = options.initialBackoffMs ?? 250;
  const ceiling = options.maxBackoffMs ?? 10_000;
  const stableAfter = options.stableAfterMs ?? 30_000;
  let backoff = initial;
  let restarts = 0;
  let stopping = false;
  /** @type {NodeJS.Timeout | undefined} */
  let pending;
  /** @type {Set<(child: import('node:child_process').ChildProcess) => void>} */
  const startListeners = new Set();
  /** @type {Set<(code: number | null, signal: NodeJS.Signals | null) => void>} */
  const exitListeners = new Set();

  /** @type {import('node:child_process').ChildProcess} */
  let child;
  let alive = false;

  const start = () => {
    const startedAt = Date.now();
    child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: [
        options.input === undefined ? 'ignore' : 'pipe',
        options.output ?? 'inherit',
        options.output ?? 'inherit',
      ],
    });
    if (options.input !== undefined) {
      // A child that ends before reading it must not take the supervisor down with EPIPE.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(options.input);
    }
    alive = true;
    const current = child;
    current.on('error', (error) => log(`${options.name}: ${error.message}`));
    current.on('exit', (code, signal) => {
      alive = false;
      for (const listener of exitListeners) listener(code, signal);
      if (stopping) return;
      if (Date.now() - startedAt >= stableAfter) backoff = initial;
      restarts += 1;
      log(
        `${new Date().toISOString()} ${options.name} stopped (${signal ? `signal ${signal}` : `exit code ${code}`}); restarting in ${backoff} ms (restart ${restarts})`,
      );
      pending = setTimeout(() => {
        pending = undefined;
        if (!stopping) start();
      }, backoff);
      backoff = Math.min(backoff * 2, ceiling);
    });
    for (const listener of startListeners) listener(current);
  };
  start();

  return {
    get child() {
      return child;
    },
    get alive() {
      return alive;
    },
    get restarts() {
      return restarts;
    },
    /** @param {(child: import('node:child_process').ChildProcess) => void} listener */
    onStart(listener) {
      startListeners.add(listener);
    },
    /** @param {(code: number | null, signal: NodeJS.Signals | null) => void} listener */
    onExit(listener) {
      exitListeners.add(listener);
    },
    /** Stops supervising and ends the child (SIGTERM, then SIGKILL). */
    stop() {
      stopping = true;
      if (pending) clearTimeout(pending);
      return new Promise((resolve) => {
        if (!alive) return resolve(undefined);
        child.once('exit', () => resolve(undefined));
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), options.stopTimeoutMs ?? 5000).unref();
      });
    },
  };
}
