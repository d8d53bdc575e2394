// The API process: `node api/dist/main.js`, configured by the environment (api/README.md).
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:net';
import { drainServer, listenAlso, shutdownTimesFromEnv } from '@metrology/server-kit/drain';
import { buildApp } from './app.js';
import { providerMode } from './features/orders/payment-providers.js';
import { invocationDir, optionsFromEnv } from './config.js';
import { lockDataDir } from './lib/data-lock.js';

async function main(): Promise<void> {
  const { port, ...options } = optionsFromEnv(process.env, invocationDir());
  const release =
    options.databaseUrl || !options.dataDir ? () => undefined : lockDataDir(options.dataDir, 'the API');
  let app: FastifyInstance;
  try {
    app = await buildApp(options);
  } catch (error) {
    release();
    throw error;
  }
  let stopping = false;
  /** Ports handed over to this process by a rolling deploy (HANDOVER_PORT on SIGUSR2). */
  const handedOver: Server[] = [];
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining connections');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // Stop accepting, serve what still arrives on open connections, let the balancer close its idle ones.
      const drained = await drainServer(app.server, {
        ...shutdownTimesFromEnv(process.env),
        also: handedOver,
        log: (message) => app.log.info(message),
      });
      app.log.info(`drained (connections closed by the ${drained.closedBy}); closing the database`);
      await app.close();
    } finally {
      release();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A rolling deploy: once the instance this one replaces let go of its port, this process takes it too.
  process.on('SIGUSR2', () => {
    const handover = Number(process.env.HANDOVER_PORT);
    if (stopping || !Number.isInteger(handover) || handover <= 0) return;
    listenAlso(app.server, handover, '0.0.0.0').then(
      (listener) => {
        handedOver.push(listener);
        app.log.info(`also listening on :${handover} (handed over by a rolling deploy)`);
      },
      (error: unknown) => app.log.error({ err: error }, `could not take over :${handover}`),
    );
  });
  await app.listen({ host: '0.0.0.0', port });
  const { database, payments } = {
    database:
      app.shop.db.kind === 'pglite' ? `embedded PGlite in ${options.dataDir}` : 'PostgreSQL (DATABASE_URL)',
    payments: app.shop.payments,
  };
  app.log.info(
    `API listening on http://localhost:${port} (${database}; razorpay ${providerMode(payments.razorpay)}, stripe ${providerMode(payments.stripe)})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
