// What every route can reach: the database, the resolved config and the payment providers.
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import type { Payments } from './features/orders/payment-providers.js';

export interface ShopContext {
  db: Database;
  config: AppConfig;
  payments: Payments;
}

declare module 'fastify' {
  interface FastifyInstance {
    shop: ShopContext;
  }
  interface FastifyRequest {
    /** The logged-in user, set by the auth pre-handlers; null when anonymous. */
    userId: string | null;
  }
}
