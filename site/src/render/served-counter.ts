// The sessions a rollout is judged on, per remote in a rollout (its canary's side or its live side): a session
// whose browser fetched that version's code from /remotes/ (ran: it really ran it), or that this server rendered
// with it (and whether that render failed), with the network it came from. Batched and sent to the API, which keeps
// the counts every site instance shares and decides (ROLLOUT_* settings) whether the canary goes on or goes back.
import { signBody } from '@metrology/server-kit/signed-token';

/** At most this many visits wait for the API; past it, visits that failed nothing are dropped first. */
export const MAX_PENDING = 10_000;
/**
 * At most this many visits of one network wait: a flood from a few addresses fills its own share, never the room
 * of other visitors (the controller weighs a network as one session anyway).
 */
export const MAX_PENDING_PER_NETWORK = 50;
/** At most this many visits per call (the API's limit). */
const BATCH = 1000;

export type ServedSession = {
  remote: string;
  version: string;
  session: string;
  network: string;
  ran: boolean;
  renderFailed: boolean;
};
export type Visit = { remote: string; version: string; ran?: boolean; renderFailed: boolean };

/** The header value that proves a body came from a holder of the release signing key. */
export function servedSignature(key: string, body: string) {
  return signBody(key, body);
}

export function createServedCounter(options: {
  apiUrl: string;
  signingKey: string | undefined;
  everyMs?: number;
  warn: (message: string) => void;
  fetchImpl?: typeof fetch;
}) {
  /** key -> the visit (a failed render or a run of the same session and version is kept) */
  const pending: Map<string, ServedSession> = new Map();
  /** network -> its keys waiting */
  const byNetwork: Map<string, Set<string>> = new Map();
  const forget = (key: string) => {
    const visit = pending.get(key);
    if (!visit) return;
    pending.delete(key);
    const keys = byNetwork.get(visit.network);
    keys?.delete(key);
    if (keys?.size === 0) byNetwork.delete(visit.network);
  };
  /** A visit of this network that failed nothing (the first one waiting), or undefined. */
  const droppable = (network: string) => {
    for (const key of byNetwork.get(network) ?? []) if (!pending.get(key)?.renderFailed) return key;
    return undefined;
  };
  /** The network with the most visits waiting. */
  const largest = () => {
    let found = '';
    let size = 0;
    for (const [network, keys] of byNetwork) if (keys.size > size) [found, size] = [network, keys.size];
    return found;
  };
  const send = options.fetchImpl ?? fetch;
  let warned = false;
  let sending: Promise<void> | null = null;

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
        if (pending.get(key) === visit) forget(key);
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
     *
     * @param network the visitor's network (networkOf)
     */
    add(session: string, network: string, visits: Visit[]) {
      if (!options.signingKey) return;
      for (const visit of visits) {
        if (!visit.version) continue;
        const key = `${visit.remote}|${visit.version}|${session}`;
        const known = pending.get(key);
        const next = {
          remote: visit.remote,
          version: visit.version,
          session,
          network: known?.network ?? network,
          ran: Boolean(visit.ran) || Boolean(known?.ran),
          renderFailed: visit.renderFailed || Boolean(known?.renderFailed),
        };
        if (!known) {
          const keys = byNetwork.get(next.network) ?? new Set();
          if (keys.size >= MAX_PENDING_PER_NETWORK) {
            // This network's share is full: a failure takes the place of one of its visits that failed nothing.
            const room = next.renderFailed ? droppable(next.network) : undefined;
            if (room === undefined) continue;
            forget(room);
          }
          byNetwork.set(next.network, keys);
          keys.add(key);
        }
        pending.set(key, next);
        while (pending.size > MAX_PENDING) {
          // Full: the busiest network gives up a visit that failed nothing; failures are never pushed out.
          const room = droppable(largest());
          if (room === undefined) break;
          forget(room);
        }
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
