// The rollout controller of one API process: every ROLLOUT_CHECK_SECONDS it judges each running
// rollout (rollout-health.ts): aborts a canary over the threshold, moves plans on. With several APIs on one
// PostgreSQL, a transaction-scoped advisory lock lets one of them judge per tick (the others skip); the registry
// changes are idempotent anyway. On PGlite there is one process. The judging API also prunes old speed figures.
import type { FastifyInstance } from 'fastify';
import { evaluateRollouts } from './rollout-health.js';
import { registryAccess } from './registry-access.js';
import { pruneVitals } from './vitals.js';

/** Held by the API judging rollouts this tick. */
const CONTROLLER_LOCK = 715026;

/** Speed figures are pruned at most this often (a scan of the table; they are kept for a day anyway). */
const PRUNE_EVERY_MS = 60_000;
const prunedAt = new WeakMap<FastifyInstance, number>();

/** One tick: judge the rollouts unless another API is doing it right now. Exported for tests (no timer). */
export async function runRolloutController(app: FastifyInstance, now = new Date()) {
  const { db, config } = app.shop;
  if (!config.releasesDir) return [];
  const access = registryAccess(app);
  return db.transaction(async (tx) => {
    const lock = await tx.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS got', [
      CONTROLLER_LOCK,
    ]);
    if (!lock.rows[0]?.got) return [];
    const decisions = await evaluateRollouts({
      db: tx,
      registry: await access.module(),
      ...(await access.where()),
      policy: config.releases,
      now,
    });
    if (now.getTime() - (prunedAt.get(app) ?? 0) >= PRUNE_EVERY_MS) {
      prunedAt.set(app, now.getTime());
      await pruneVitals(tx, config.releases.windowMinutes);
    }
    for (const decision of decisions) {
      if (decision.action === 'abort')
        app.log.warn({ remote: decision.remote, version: decision.version }, decision.why);
      else app.log.info({ remote: decision.remote, version: decision.version }, `rollout: ${decision.why}`);
    }
    return decisions;
  });
}

/** The periodic controller; stopped (and awaited) when the app closes. */
export async function rolloutController(app: FastifyInstance): Promise<void> {
  const every = app.shop.config.releases.checkMs;
  if (every <= 0 || !app.shop.config.releasesDir) return;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = runRolloutController(app)
      // A tick that fails (database or registry away) is tried again on the next one; nothing is half done.
      .catch((error: unknown) => app.log.warn({ err: error }, 'the rollout controller failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, every);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
