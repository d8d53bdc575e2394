// What the stack's SMTP server caught (global-setup starts tools/src/mail-catcher.mjs for each worker's stack and
// points its API at it).
import { expect } from '@playwright/test';
import { readCaughtMessages, type CaughtMessage } from '../../tools/src/mail-catcher.mjs';
import type { Site } from './fixtures';

/**
 * The one message to `to` whose subject matches, once it has arrived (the API's sender delivers the outbox every
 * few seconds). Two such messages fail the test: each is sent once.
 */
export async function caughtMail(site: Site, to: string, subject: RegExp): Promise<CaughtMessage> {
  const matching = () =>
    readCaughtMessages(site.mailDir).filter((mail) => mail.to === to && subject.test(mail.subject));
  await expect
    .poll(() => matching().length, { message: `an e-mail to ${to}: ${subject}` })
    .toBeGreaterThan(0);
  const found = matching();
  expect(found, `exactly one e-mail to ${to}: ${subject}`).toHaveLength(1);
  return found[0] as CaughtMessage;
}

/** The first link to the shop's `path` in the message's text part. */
export function linkIn(mail: CaughtMessage, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in "${mail.subject}"`);
  return match[0];
}
