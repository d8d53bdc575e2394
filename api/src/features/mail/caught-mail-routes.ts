// GET /api/staff/mail (staff): what the local mail catcher received (npm start without SMTP_URL), so staff can read
// the shop's messages on a machine that sends none, and the outbox's counts (waiting, sent, given up, held back).
// For local use: a verification or reset link is a credential of the mailbox's owner, so it is never shown here.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CaughtMailResponse, type CaughtMail } from '@metrology/shared/contracts';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { requireRole } from '../back-office/roles.js';
import { outboxCounts } from './sender.js';

/** The newest messages shown; the folder keeps every one. */
const SHOWN = 50;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What stands where a verification or reset link was. */
export const HIDDEN_LINK = '[link hidden: it works only for the mailbox owner]';

/** Any link carrying an account token (/verify-email?token=…, /reset-password?token=…), whoever's site it names. */
const ACCOUNT_LINK = /[^\s"'<>]*\/(?:verify-email|reset-password)\?[^\s"'<>]*token=[^\s"'<>]*/gi;

/** The message with every account link replaced, in the text part and the HTML part (href and text alike). */
export function hideAccountLinks(value: string): string {
  return value.replace(ACCOUNT_LINK, HIDDEN_LINK);
}

/** The catcher's files (tools/src/mail-catcher.mjs writes one JSON file a message), newest first. */
export async function readCaughtMail(directory: string, limit = SHOWN): Promise<CaughtMail[]> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // File names start with the arrival time (sortable), so the newest are last.
  const newest = names.sort().reverse().slice(0, limit);
  const messages: CaughtMail[] = [];
  for (const name of newest) {
    try {
      const raw = JSON.parse(await readFile(path.join(directory, name), 'utf8')) as Record<string, unknown>;
      messages.push({
        id: name.replace(/\.json$/, ''),
        at: text(raw.at),
        from: text(raw.from),
        to: text(raw.to),
        subject: text(raw.subject),
        text: hideAccountLinks(text(raw.text)),
        html: hideAccountLinks(text(raw.html)),
      });
    } catch {
      // A file being written right now (or damaged) is left out of this answer.
    }
  }
  return messages;
}

export async function caughtMailRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.shop;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/staff/mail',
    {
      preValidation: requireRole(app, 'staff'),
      schema: {
        tags: ['back office'],
        security: TOKEN_SECURITY,
        summary:
          "For local use: the local mail catcher's messages (newest 50, verification and reset links hidden) and the outbox's counts",
        response: responses(CaughtMailResponse),
      },
    },
    async () => {
      const directory = config.mail.caughtMailDir;
      return {
        success: true,
        catching: Boolean(directory),
        messages: directory ? await readCaughtMail(directory) : [],
        outbox: await outboxCounts(db, config.mail.maxAttempts),
      };
    },
  );
}
