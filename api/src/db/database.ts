import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** How long a read waits before its one retry on a fresh connection. */
const RETRY_PAUSE_MS = 100;

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** The one query interface the routes use: PostgreSQL SQL with $1..$n parameters. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn holding a PostgreSQL session advisory lock (other processes on the same server wait for it). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** The connections now (the /metrics gauges): open, in use, and callers waiting for one. */
  pool(): PoolState;
  close(): Promise<void>;
}

export interface PoolState {
  max: number;
  open: number;
  inUse: number;
  waiting: number;
}

export interface DatabaseOptions {
  /** postgres://... uses a PostgreSQL server through pg. */
  databaseUrl?: string;
  /** Folder for the embedded database files; unset means an in-memory database. */
  directory?: string;
  /** PostgreSQL statement_timeout of every query (ms); default 10 s, 0 turns it off. */
  statementTimeoutMs?: number;
  /** Where pool errors are reported (they are never fatal). */
  onPoolError?: (error: Error) => void;
}

/** A failure that says the database is unreachable or gone (retried once for reads, 503 for writes). */
export class DatabaseUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(override readonly cause: unknown) {
    super('The database is unavailable');
    this.name = 'DatabaseUnavailableError';
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

/** Whether an error means the connection (not the query) failed. */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|connection (?:is )?closed|Client has encountered a connection error|terminating connection/i.test(
      message,
    )
  );
}

/** Reads that can run twice with the same effect (retried once after a lost connection). */
export function isIdempotentSql(sql: string): boolean {
  return /^\s*SELECT\b/i.test(sql) && !/\bFOR\s+(?:UPDATE|SHARE)\b/i.test(sql);
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
/** Connections each API process opens to PostgreSQL at most. */
const POOL_MAX = 10;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.directory);
}

async function openPglite(directory?: string): Promise<Database> {
  if (directory) mkdirSync(directory, { recursive: true });
  // pg_trgm (trigram similarity for typos in search) ships with PGlite as an extension bundle.
  const db = new PGlite(directory ?? 'memory://', { extensions: { pg_trgm } });
  await db.waitReady;
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  });
  // PGlite is one connection running one statement or transaction at a time: the rest wait for it.
  let busy = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    busy += 1;
    try {
      return await work();
    } finally {
      busy -= 1;
    }
  };
  const top = wrap(db);
  let closed = false;
  return {
    kind: 'pglite',
    query: (sql, params) => counted(() => top.query(sql, params)),
    transaction: (fn) => counted(() => db.transaction((tx) => fn(wrap(tx)))),
    exec: async (sql) => {
      await counted(() => db.exec(sql));
    },
    pool: () => ({ max: 1, open: closed ? 0 : 1, inUse: Math.min(1, busy), waiting: Math.max(0, busy - 1) }),
    // One process owns an embedded database (DATA_DIR is locked): nothing to wait for.
    withLock: (_key, fn) => fn(),
    close: async () => {
      if (closed) return;
      closed = true;
      await db.close();
    },
  };
}

async function openPostgres(connectionString: string, options: DatabaseOptions): Promise<Database> {
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString,
    max: POOL_MAX,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
  });
  const report = options.onPoolError ?? ((error: Error) => console.error(`database pool: ${error.message}`));
  // An idle client whose server connection died: the pool drops it and makes a new one on the next query.
  pool.on('error', (error) => report(error));
  // Fail early (health stays down) when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const onClient = (client: pg.PoolClient) => client.on('error', (error) => report(error));
  pool.on('connect', onClient);
  const run = async <T>(q: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[]) => {
    const result = await q.query(sql, params as unknown[]);
    return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
  };
  let closed = false;
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      try {
        return await run<T>(pool, sql, params);
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        // The pool has dropped the dead client; a read runs once more on a fresh connection.
        if (closed || !isIdempotentSql(sql)) throw new DatabaseUnavailableError(error);
        report(error as Error);
        // A moment first: when the server dropped every connection at once, the idle ones' notices arrive
        // asynchronously, and the pool must evict them before the retry takes one.
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
        try {
          return await run<T>(pool, sql, params);
        } catch (again) {
          throw isConnectionError(again) ? new DatabaseUnavailableError(again) : again;
        }
      }
    },
    async transaction(fn) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
      let broken = false;
      try {
        await client.query('BEGIN');
        const value = await fn({ query: (sql, params = []) => run(client, sql, params) });
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        if (isConnectionError(error)) {
          broken = true;
          throw new DatabaseUnavailableError(error);
        }
        throw error;
      } finally {
        // A client whose connection failed is destroyed instead of going back to the pool.
        client.release(broken);
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    async withLock(key, fn) {
      const holder = await pool.connect();
      try {
        // statement_timeout must not cut the wait for another process's migrations and seeding.
        await holder.query('SET statement_timeout = 0');
        await holder.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await holder.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
        }
      } finally {
        holder.release(true);
      }
    },
    pool: () => ({
      max: POOL_MAX,
      open: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
