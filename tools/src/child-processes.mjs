// @ts-check
// The cluster's child processes: started with their output followed (the last lines go into an error when one ends
// too soon), stopped with a grace period, and waited for on their port or health URL.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { followOutput, lastLinesText } from './log-tail.mjs';
import { ROOT } from './paths.mjs';

/** Whether something accepts connections on this loopback port now. @param {number} port */
export function accepting(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls until `accepting(port)` is `wanted`; false when it is not within `timeoutMs`. */
export async function untilAccepting(
  /** @type {number} */ port,
  /** @type {boolean} */ wanted,
  timeoutMs = 5000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await accepting(port)) === wanted) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

/**
 * @param {string} url @param {number} timeoutMs @param {() => boolean} alive @param {string} what
 * @param {() => Promise<string>} [why] how it ended and its last log lines, for the error
 */
export async function waitFor(url, timeoutMs, alive, what, why = async () => '') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${what} exited before it answered ${url}. ${await why()}`.trim());
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s. ${await why()}`.trim());
}

/**
 * @typedef {object} Instance
 * @property {string} name api-1, site-2, nginx...
 * @property {number} port
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => boolean} alive
 * @property {(signal?: NodeJS.Signals) => Promise<void>} stop
 * @property {() => Promise<string>} why how it exited (if it did) and its last log lines, for an error message
 */

/**
 * @param {string} name @param {number} port @param {string[]} args @param {NodeJS.ProcessEnv} env
 * @param {'inherit' | 'ignore'} output @param {string} [command]
 * @param {string} [input] written to its standard input, then closed (a site server's secrets)
 * @returns {Instance}
 */
export function startProcess(name, port, args, env, output, command = process.execPath, input = undefined) {
  // Piped whatever `output` is: the last lines go into the error when the process ends too soon.
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) {
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  }
  const tail = followOutput(child, { forward: output === 'inherit' });
  let alive = true;
  let ended = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // 'close' comes once its output is read to the end, which may be after 'exit'.
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.once('exit', (code, signal) => {
    alive = false;
    ended = signal ? `It was ended by ${signal}.` : `It exited with code ${code}.`;
  });
  return {
    name,
    port,
    child,
    alive: () => alive,
    async why() {
      if (!alive) await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
      return `${ended} ${lastLinesText(tail.lastLines())}`.trim();
    },
    async stop(signal = 'SIGTERM') {
      if (!alive) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
