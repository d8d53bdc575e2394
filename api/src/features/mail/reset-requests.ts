// "Forgot password?" answered in the same time whether or not an account has the e-mail: the request
// does the same work for every address (one row in password_reset_requests), and the lookup, the link and the
// message happen after the answer has gone, here. A request left behind by a stopped process is worked off by the
// next pass of any API process (the claim skips rows another process holds).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { ShopMail } from './messages.js';

/** Requests one pass claims. */
const BATCH = 50;
/** How often every process looks for requests another process left (the one that took them works at once). */
const SWEEP_MS = 30_000;

export class ResetRequests {
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly mail: ShopMail,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records a request: the same single statement whatever the e-mail. */
  async record(email: string): Promise<void> {
    await this.db.query('INSERT INTO password_reset_requests (id, email) VALUES ($1, $2)', [newId(), email]);
  }

  /** Works the requests off once the answer has gone (after this turn's I/O), outside the request's time. */
  kick(): void {
    if (this.stopped) return;
    const run = this.queue
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => this.untilEmpty());
    this.queue = run.catch((error: unknown) =>
      this.log.error({ err: error }, 'password reset requests failed'),
    );
  }

  /** Works off every recorded request; resolves when none is left (passes in this process run one at a time). */
  drain(): Promise<number> {
    const run = this.queue.then(() => this.untilEmpty());
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Sweeps now and then for requests a stopped process left. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.kick();
    this.timer = setInterval(() => this.kick(), SWEEP_MS);
    this.timer.unref();
  }

  /** No new pass; waits for the ones under way (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queue;
  }

  private async untilEmpty(): Promise<number> {
    let done = 0;
    for (;;) {
      const worked = await this.pass();
      done += worked;
      if (worked < BATCH) return done;
    }
  }

  /** One batch in one transaction: a failure puts the batch's requests back. */
  private pass(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const claimed = await tx.query<{ email: string }>(
        `DELETE FROM password_reset_requests WHERE id IN (
           SELECT id FROM password_reset_requests ORDER BY requested_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING email`,
        [BATCH],
      );
      for (const { email } of claimed.rows) {
        const found = await tx.query<{ id: string; name: string }>(
          'SELECT id, name FROM users WHERE email = $1',
          [email],
        );
        const user = found.rows[0];
        if (user) await this.mail.passwordReset(tx, { id: user.id, name: user.name, email });
      }
      return claimed.rows.length;
    });
  }
}
