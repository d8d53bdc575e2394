// @ts-check
// The local mail catcher: a real SMTP server on loopback that keeps every message it receives as a JSON file
// (arrival time, from, to, subject, text and HTML parts) in a folder. `npm start` runs it when SMTP_URL is unset
// and points the API at it; staff read the folder in the back office (/back-office/mail); the browser tests start
// one of their own and read the same files.
import { mkdirSync, readdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * @typedef {object} CaughtMessage
 * @property {string} id
 * @property {string} at ISO 8601 arrival time
 * @property {string} from
 * @property {string} to
 * @property {string} subject
 * @property {string} text
 * @property {string} html
 */

/** @param {import('mailparser').AddressObject | import('mailparser').AddressObject[] | undefined} value */
const addresses = (value) =>
  value
    ? [value]
        .flat()
        .map((address) => address.text)
        .join(', ')
    : '';

/**
 * Starts the catcher on 127.0.0.1 (port 0: a free one). Messages larger than 5 MB are refused.
 * @param {{ directory: string; port?: number }} options
 */
export async function startMailCatcher({ directory, port = 0 }) {
  mkdirSync(directory, { recursive: true });
  const server = new SMTPServer({
    // Loopback only and no TLS: it is a local development tool that never relays anything.
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: 5 * 1024 * 1024,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const at = new Date();
          // Sortable by name: the arrival time first, then a random tail against two in one millisecond.
          const id = `${at.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
          /** @type {CaughtMessage} */
          const message = {
            id,
            at: at.toISOString(),
            from: addresses(mail.from),
            to: addresses(mail.to),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          };
          // Written whole, then renamed: a reader never sees half a message.
          const file = path.join(directory, `${id}.json`);
          writeFileSync(`${file}.tmp`, JSON.stringify(message, null, 2));
          renameSync(`${file}.tmp`, file);
          callback();
        },
        (/** @type {Error} */ error) => callback(error),
      );
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    directory,
    /** The messages caught so far, oldest first. */
    messages: () => readCaughtMessages(directory),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * The caught messages in a folder, oldest first.
 * @param {string} directory
 * @returns {CaughtMessage[]}
 */
export function readCaughtMessages(directory) {
  let names;
  try {
    names = readdirSync(directory).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((name) => JSON.parse(readFileSync(path.join(directory, name), 'utf8')));
}
