// What every route can reach: the database, the resolved config and the payment providers.
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import type { ShopMail } from './features/mail/messages.js';
import type { ResetRequests } from './features/mail/reset-requests.js';
import type { MailSender } from './features/mail/sender.js';
import type { Payments } from './features/orders/payment-providers.js';

export interface ShopContext {
  db: Database;
  config: AppConfig;
  payments: Payments;
  /** The messages the shop writes to its outbox, and the sender that delivers them. */
  mail: ShopMail;
  mailSender: MailSender;
  /** "Forgot password?" requests, worked off after their answer. */
  passwordResets: ResetRequests;
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
