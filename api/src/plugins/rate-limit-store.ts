// Rate-limit counters in PostgreSQL (table rate_limits, migration 0006): every API process on one database
// counts the same requests, so a limit holds whichever instance a balancer picks. One statement per hit,
// atomic under concurrency (INSERT ... ON CONFLICT DO UPDATE takes the row lock).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db/database.js';

/** Counts one hit of a key in its window (a new window when the last one ended): hits so far and ms left. */
export const HIT = `INSERT INTO rate_limits (key, hits, window_ends)
  VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN rate_limits.window_ends <= clock_timestamp() THEN 1 ELSE rate_limits.hits + 1 END,
    window_ends = CASE WHEN rate_limits.window_ends <= clock_timestamp() THEN EXCLUDED.window_ends
      ELSE rate_limits.window_ends END
  RETURNING hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM window_ends - clock_timestamp()) * 1000))::bigint AS ttl`;

const READ = `SELECT hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM window_ends - clock_timestamp()) * 1000))::bigint AS ttl
  FROM rate_limits WHERE key = $1 AND window_ends > clock_timestamp()`;

/** Expired counters are deleted now and then (one hit in this many). */
const SWEEP_EVERY = 500;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

export function postgresRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  let hits = 0;
  class PostgresStore implements FastifyRateLimitStore {
    private readonly scope: string;
    constructor(_options?: unknown, scope = 'global') {
      this.scope = scope;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      hits += 1;
      if (hits % SWEEP_EVERY === 0) {
        void db
          .query(`DELETE FROM rate_limits WHERE window_ends < now() - interval '1 minute'`)
          .catch(() => {});
      }
      db.query<{ hits: number; ttl: string | number }>(HIT, [`${this.scope} ${key}`, timeWindow]).then(
        ({ rows }) => callback(null, { current: Number(rows[0]!.hits), ttl: Number(rows[0]!.ttl) }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      db.query<{ hits: number; ttl: string | number }>(READ, [`${this.scope} ${key}`]).then(
        ({ rows }) =>
          callback(
            null,
            rows[0] ? { current: Number(rows[0].hits), ttl: Number(rows[0].ttl) } : { current: 0, ttl: 0 },
          ),
        (error: Error) => callback(error),
      );
    }

    /** One counter per route: the same IP's logins and registrations are limited separately. */
    child(routeOptions: { method?: string | string[]; url?: string; path: string }): FastifyRateLimitStore {
      const method = Array.isArray(routeOptions.method) ? routeOptions.method.join(',') : routeOptions.method;
      return new PostgresStore(undefined, `${method ?? ''} ${routeOptions.url ?? routeOptions.path}`);
    }
  }
  return PostgresStore;
}
