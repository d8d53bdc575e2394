// A throwaway PostgreSQL cluster for the fault tests: initdb in a temp folder, run as the postgres user (PostgreSQL
// refuses root), on a free port, trust authentication on loopback only. Skipped (with a message) only when the
// PostgreSQL server binaries are not installed.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export function postgresBinDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

export const POSTGRES_MISSING =
  'PostgreSQL server binaries are absent (no /usr/lib/postgresql/*/bin/postgres): the PostgreSQL fault tests are skipped. Install them with: apt-get install postgresql';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ThrowawayPostgres {
  url: (database?: string) => string;
  port: number;
  /** Creates an empty database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Ends every other connection to a database (pg_terminate_backend). */
  terminateConnections(database: string): Promise<number>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'metrology-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, command), args, { stdio: 'pipe' });
  if (asRoot) {
    chmodSync(dir, 0o755);
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
  }
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  let server: ChildProcess | undefined;
  const start = async () => {
    const args = [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
    ];
    server = asRoot
      ? spawn('runuser', ['-u', 'postgres', '--', path.join(bin, 'postgres'), ...args], { stdio: 'ignore' })
      : spawn(path.join(bin, 'postgres'), args, { stdio: 'ignore' });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: url('postgres') });
      try {
        await client.connect();
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url('postgres') });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    const current = server;
    if (!current || current.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      current.once('exit', () => resolve());
      run('pg_ctl', ['-D', data, 'stop', '-m', mode, '-w']);
    });
  };
  await start();
  return {
    url,
    port,
    createDatabase: async (name) => {
      await admin((client) => client.query(`CREATE DATABASE ${name}`));
      return url(name);
    },
    terminateConnections: (database) =>
      admin(async (client) => {
        const done = await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [database],
        );
        return done.rowCount ?? 0;
      }),
    stop,
    start,
    destroy: async () => {
      await stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', name]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', name]).toString().trim());
  return { uid, gid };
}
