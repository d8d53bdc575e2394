// Delivers the outbox over SMTP. A sender claims due rows (FOR UPDATE SKIP LOCKED, and a lease in locked_until),
// so several API processes on one PostgreSQL never send the same message twice; a failed attempt waits twice as
// long as the one before; a delivered message is marked sent. On PGlite the claim is the same SQL on one connection.
import { randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { normaliseEmail } from '@metrology/shared/rules';
import type { Database } from '../../db/database.js';
import type { MailConfig } from './mail-config.js';

/** How many due messages one pass claims. */
const BATCH = 20;
/** A claim lasts this long: past it, a sender that died holding it lets another take the message. */
const LEASE_SECONDS = 120;

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

export interface SendLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** The wait after the n-th failed attempt: base, 2×base, 4×base, … up to max. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** The bare address of a From value such as `Shop <no-reply@shop.example>` (MAIL_FROM, set by the operator). */
export function envelopeSender(from: string): string {
  const address = normaliseEmail(/<([^<>]*)>\s*$/.exec(from)?.[1] ?? from);
  if (!address) throw new Error(`MAIL_FROM has no valid e-mail address: ${from}`);
  return address;
}

export class MailSender {
  /** Who holds a claim: one name per sender, so a sender marks only what it claimed. */
  readonly name = `sender-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly transport: Transporter | null;
  /** MAIL_FROM's address alone: the envelope's sender. */
  private readonly envelopeFrom: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly config: MailConfig,
    private readonly log: SendLog,
  ) {
    this.envelopeFrom = envelopeSender(config.from);
    this.transport = config.smtpUrl
      ? nodemailer.createTransport({
          url: config.smtpUrl,
          // A server that accepts and never answers must not hold a lease until it expires.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : null;
  }

  /** Polls for due messages every pollMs until stop(). */
  start(): void {
    if (!this.transport || this.timer || this.stopped) return;
    const tick = () => {
      this.timer = setTimeout(() => {
        void this.runOnce()
          .catch((error: unknown) => this.log.error({ err: error }, 'mail sender pass failed'))
          .finally(() => {
            if (!this.stopped) tick();
          });
      }, this.config.pollMs);
      this.timer.unref();
    };
    tick();
  }

  /** Stops polling and waits for a pass in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    this.transport?.close();
  }

  /** One pass: claims the due messages and tries each once; answers how many were delivered. */
  runOnce(): Promise<number> {
    if (!this.transport) return Promise.resolve(0);
    // One pass at a time in this process; the claim keeps other processes apart.
    this.running ??= this.pass(this.transport).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(transport: Transporter): Promise<number> {
    const claimed = await this.db.query<OutboxRow>(
      `UPDATE mail_outbox SET locked_until = now() + make_interval(secs => $2), claimed_by = $1,
         attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE sent_at IS NULL AND suppressed_at IS NULL AND send_after <= now() AND attempts < $3
           AND (locked_until IS NULL OR locked_until < now())
         ORDER BY send_after, id LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING id, to_address, subject, text_body, html_body, attempts`,
      [this.name, LEASE_SECONDS, this.config.maxAttempts, BATCH],
    );
    let delivered = 0;
    for (const row of claimed.rows) {
      // Never a string nodemailer would parse: one bare address, in the header and in the envelope alike, so
      // nothing inside a stored address can name another recipient. A row written before the rule
      // with anything else is set aside, not sent.
      const address = normaliseEmail(row.to_address);
      if (!address || address !== row.to_address) {
        await this.db.query(
          `UPDATE mail_outbox SET suppressed_at = now(), suppressed_reason = 'not a bare e-mail address',
             locked_until = NULL WHERE id = $1 AND claimed_by = $2`,
          [row.id, this.name],
        );
        this.log.warn({ mailId: row.id }, 'mail not sent: its address is not one bare e-mail address');
        continue;
      }
      const recipient = { name: '', address };
      try {
        await transport.sendMail({
          from: this.config.from,
          to: recipient,
          envelope: { from: { name: '', address: this.envelopeFrom }, to: [recipient] },
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          // One id per outbox row: a receiver can tell a repeat from a new message.
          messageId: `<${row.id}@outbox.metrology-shop>`,
        });
        await this.db.query(
          `UPDATE mail_outbox SET sent_at = now(), locked_until = NULL, last_error = NULL
           WHERE id = $1 AND claimed_by = $2`,
          [row.id, this.name],
        );
        delivered += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const waitMs = retryDelayMs(row.attempts, this.config.retryBaseMs, this.config.maxRetryMs);
        const givenUp = row.attempts >= this.config.maxAttempts;
        await this.db.query(
          `UPDATE mail_outbox SET locked_until = NULL, last_error = $3,
             send_after = now() + make_interval(secs => $4)
           WHERE id = $1 AND claimed_by = $2`,
          [row.id, this.name, message.slice(0, 1000), waitMs / 1000],
        );
        const fields = { mailId: row.id, attempts: row.attempts, error: message };
        if (givenUp) this.log.error(fields, 'mail given up after its last attempt');
        else this.log.warn({ ...fields, retryInMs: waitMs }, 'mail not delivered; will retry');
      }
    }
    return delivered;
  }
}

/** The outbox at a glance (the back office's mail page). */
export async function outboxCounts(
  db: Database,
  maxAttempts: number,
): Promise<{ waiting: number; sent: number; failed: number; suppressed: number }> {
  const found = await db.query<{
    waiting: string | number;
    sent: string | number;
    failed: string | number;
    suppressed: string | number;
  }>(
    `SELECT count(*) FILTER (WHERE sent_at IS NULL AND suppressed_at IS NULL AND attempts < $1) AS waiting,
       count(*) FILTER (WHERE sent_at IS NOT NULL) AS sent,
       count(*) FILTER (WHERE sent_at IS NULL AND suppressed_at IS NULL AND attempts >= $1) AS failed,
       count(*) FILTER (WHERE suppressed_at IS NOT NULL) AS suppressed
     FROM mail_outbox`,
    [maxAttempts],
  );
  const row = found.rows[0];
  return {
    waiting: Number(row?.waiting ?? 0),
    sent: Number(row?.sent ?? 0),
    failed: Number(row?.failed ?? 0),
    suppressed: Number(row?.suppressed ?? 0),
  };
}
