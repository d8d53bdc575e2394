// The shop's mail: the outbox's writer and sender for the app's context, and the routes (verification, reset,
// the back office's mail page). The sender runs in every API process; the claim keeps them from sending twice.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { accountRoutes, grantFirstStaff } from './account-routes.js';
import { caughtMailRoutes } from './caught-mail-routes.js';
import { ShopMail } from './messages.js';
import { ResetRequests } from './reset-requests.js';
import { MailSender } from './sender.js';

export function mailContext(db: Database, config: AppConfig, log: FastifyBaseLogger) {
  const mail = new ShopMail(config.mail, config.siteOrigin);
  return {
    mail,
    mailSender: new MailSender(db, config.mail, log.child({ part: 'mail' })),
    passwordResets: new ResetRequests(db, mail, log.child({ part: 'password-reset' })),
  };
}

export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, mailSender, passwordResets } = app.shop;
  await app.register(accountRoutes);
  await app.register(caughtMailRoutes);
  app.addHook('onReady', async () => {
    // An account verified before STAFF_EMAIL was set becomes staff at the next start.
    await grantFirstStaff(db, config.mail.staffEmail, app.log);
    passwordResets.start();
    if (!config.mail.smtpUrl) app.log.info('SMTP_URL is not set: e-mails wait in the outbox');
    else if (config.mail.send) mailSender.start();
  });
  app.addHook('onClose', async () => {
    await passwordResets.stop();
    await mailSender.stop();
  });
}
