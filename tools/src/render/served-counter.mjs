// @ts-check
// The sessions a rollout is judged on: each visit to a remote in a rollout (its canary's side or its live side),
// with whether this server's render of that version failed. Batched and sent to the API, which keeps the counts
// every site instance shares and decides (ROLLOUT_* settings) whether the canary goes on or goes back.
import { signBody } from '@metrology/shared/signed-token';

/** At most this many visits wait for the API; past it the oldest are dropped (the counts are a sample then). */
const MAX_PENDING = 10_000;
/** At most this many visits per call (the API's limit). */
const BATCH = 1000;

/**
 * @typedef {{ remote: string; version: string; session: string; renderFailed: boolean }} ServedSession
 */

/**
 * The header value that proves a body came from a holder of the release signing key.
 * @param {string} key
 * @param {string} body
 */
export function servedSignature(key, body) {
  return signBody(key, body);
}

/**
 * @param {{ apiUrl: string; signingKey: string | undefined; everyMs?: number; warn: (message: string) => void; fetchImpl?: typeof fetch }} options
 */
export function createServedCounter(options) {
  /** key -> the visit (a failed render of the same session and version is kept as failed) */
  /** @type {Map<string, ServedSession>} */
  const pending = new Map();
  const send = options.fetchImpl ?? fetch;
  let warned = false;
  /** @type {Promise<void> | null} */
  let sending = null;

  const flush = async () => {
    if (!options.signingKey || pending.size === 0) return;
    const batch = [...pending.values()].slice(0, BATCH);
    const body = JSON.stringify({ sessions: batch });
    try {
      const response = await send(`${options.apiUrl}/api/releases/served`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-release-signature': servedSignature(options.signingKey, body),
        },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) throw new Error(`the API answered ${response.status}`);
      for (const visit of batch) {
        const key = `${visit.remote}|${visit.version}|${visit.session}`;
        // Sent: forget it, unless the same visit failed since (then the failure still goes).
        if (pending.get(key) === visit) pending.delete(key);
      }
      warned = false;
    } catch (error) {
      if (!warned) {
        warned = true;
        options.warn(
          `the rollout's session counts could not be sent to the API (${error instanceof Error ? error.message : error}); they are kept and sent again`,
        );
      }
    }
  };

  const timer = setInterval(() => {
    sending ??= flush().finally(() => {
      sending = null;
    });
  }, options.everyMs ?? 5_000);
  timer.unref();

  return {
    /**
     * @param {string} session
     * @param {{ remote: string; version: string; renderFailed: boolean }[]} visits
     */
    add(session, visits) {
      if (!options.signingKey) return;
      for (const visit of visits) {
        if (!visit.version) continue;
        const key = `${visit.remote}|${visit.version}|${session}`;
        const known = pending.get(key);
        pending.set(key, {
          ...visit,
          session,
          renderFailed: visit.renderFailed || Boolean(known?.renderFailed),
        });
      }
      while (pending.size > MAX_PENDING) {
        const oldest = pending.keys().next().value;
        if (oldest === undefined) break;
        pending.delete(oldest);
      }
    },
    /** Sends what is waiting now (shutdown, tests). */
    async flush() {
      await sending;
      await flush();
    },
    stop() {
      clearInterval(timer);
    },
    /** How many visits wait to be sent. */
    size: () => pending.size,
  };
}
