// @ts-check
// A throwaway PostgreSQL cluster from Debian's postgresql-15: initdb in a temporary folder, a server on a free
// loopback port, removed on stop. Used by `npm test` (the API suite on PostgreSQL) and `npm run cluster`.
// Every connection, TCP or its Unix socket, needs a password (scram-sha-256): the site servers run other teams'
// code, which must not reach the database as postgres (or as any role) without one.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const INSTALL = 'apt-get update && apt-get install -y postgresql-15';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Debian's PostgreSQL 15 binaries: installed with apt-get when missing and we are root, otherwise an error that
 * names the command to run.
 */
export function ensurePostgres() {
  const initdb = path.join(PG_BIN, 'initdb');
  if (existsSync(initdb)) return;
  if (!isRoot()) {
    throw new Error(
      `PostgreSQL 15 is missing (${initdb}). Install Debian's package with:\n  sudo ${INSTALL}\n(or set PG_BIN to a folder holding initdb and postgres).`,
    );
  }
  console.log(`PostgreSQL is missing at ${PG_BIN}: installing Debian's postgresql-15 package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql-15'], { stdio: 'inherit', env });
  if (!existsSync(initdb)) throw new Error(`Installing postgresql-15 left no ${initdb}; run: ${INSTALL}`);
}

/** PostgreSQL refuses to run as root: then its commands run as the postgres user (uid/gid of the child). */
function serverUser() {
  if (!isRoot()) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** @param {string} url @param {number} timeoutMs @param {() => boolean} alive */
async function waitForServer(url, timeoutMs, alive) {
  const { default: pg } = await import('pg');
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error('PostgreSQL exited while starting');
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`PostgreSQL did not accept connections within ${timeoutMs / 1000} s: ${String(lastError)}`);
}

/**
 * @typedef {object} ThrowawayPostgres
 * @property {string} url postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres (loopback only)
 * @property {number} port
 * @property {string} dir the cluster's folder (removed by stop)
 * @property {number} pid
 * @property {() => Promise<void>} stop fast shutdown, then the folder is removed
 */

/**
 * Starts a throwaway cluster. Durability is off (fsync, synchronous_commit, full_page_writes): it is for tests
 * and local clusters, and is deleted on stop.
 * @param {{ port?: number; log?: 'inherit' | 'ignore'; maxConnections?: number }} [options]
 * @returns {Promise<ThrowawayPostgres>}
 */
export async function startThrowawayPostgres(options = {}) {
  ensurePostgres();
  const base = mkdtempSync(path.join(tmpdir(), 'metrology-pg-'));
  const dir = path.join(base, 'data');
  const user = serverUser();
  if (user.uid !== undefined) chownSync(base, user.uid, user.gid);
  const port = options.port ?? (await freePort());
  const password = randomBytes(18).toString('base64url');
  const passwordFile = path.join(base, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user.uid !== undefined) chownSync(passwordFile, user.uid, user.gid);
  const initdbArgs = [
    '-D',
    dir,
    '-U',
    'postgres',
    `--pwfile=${passwordFile}`,
    '--auth=scram-sha-256',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ];
  try {
    execFileSync(path.join(PG_BIN, 'initdb'), initdbArgs, {
      stdio: ['ignore', 'ignore', 'pipe'],
      cwd: base,
      ...user,
    });
    rmSync(passwordFile);
  } catch (error) {
    rmSync(base, { recursive: true, force: true });
    throw new Error(`initdb failed: ${String(/** @type {{ stderr?: Buffer }} */ (error).stderr ?? error)}`);
  }
  const serverArgs = [
    '-D',
    dir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${base}`,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    `max_connections=${options.maxConnections ?? 300}`,
    '-c',
    'shared_buffers=64MB',
  ];
  const child = spawn(path.join(PG_BIN, 'postgres'), serverArgs, {
    cwd: base,
    ...user,
    stdio: ['ignore', options.log ?? 'ignore', options.log ?? 'ignore'],
    // Its own process group: a Ctrl+C in the terminal reaches us, and we stop it in order.
    detached: true,
  });
  let alive = true;
  child.on('exit', () => {
    alive = false;
  });
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    if (alive) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // SIGINT is PostgreSQL's "fast shutdown": it ends the sessions and stops at once.
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(base, { recursive: true, force: true });
  };
  try {
    await waitForServer(url, 60_000, () => alive);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dir: base, pid: child.pid ?? 0, stop };
}

/** The URL of another database on the same server. @param {string} url @param {string} database */
export function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
