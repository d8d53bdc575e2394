// @ts-check
// A small closed-loop load driver for the benches: `connections` loops, each sending its next request as soon as
// the previous one answered, for `seconds`. Counts answers, failures (network errors, 5xx, or any status the
// scenario did not expect) and latency percentiles. Prints nothing itself.
import http from 'node:http';

/**
 * One HTTP request on the given agent; resolves with status and body text (never rejects on HTTP status).
 * @param {http.Agent} agent @param {string} url @param {{ method: string; headers: Record<string, string>; body?: string }} init
 * @returns {Promise<{ status: number; text: string }>}
 */
function send(agent, url, init) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: init.headers, agent }, (response) => {
      const chunks = /** @type {Buffer[]} */ ([]);
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(init.body);
  });
}

/**
 * @typedef {{ method?: string; path: string; headers?: Record<string, string>; body?: unknown; expect?: number[] }} Step
 * @typedef {{ status: number; json: unknown; ms: number; step: Step; error?: string }} Outcome
 */

/** @param {number[]} sorted @param {number} p */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * @param {{
 *   baseUrl: string;
 *   connections: number;
 *   seconds: number;
 *   next: (connection: number, n: number) => Step;
 *   onOutcome?: (connection: number, outcome: Outcome) => void;
 *   at?: { afterMs: number; run: () => void | Promise<void> }[];
 * }} options
 */
export async function drive({ baseUrl, connections, seconds, next, onOutcome, at = [] }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  /** @type {number[]} */
  const latencies = [];
  let requests = 0;
  let failures = 0;
  /** @type {Record<string, number>} */
  const failureKinds = {};
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const timers = at.map(({ afterMs, run }) => setTimeout(() => void run(), afterMs));

  const loop = async (/** @type {number} */ connection) => {
    for (let n = 0; Date.now() < deadline; n += 1) {
      const step = next(connection, n);
      const t0 = performance.now();
      /** @type {Outcome} */
      let outcome;
      try {
        const response = await send(agent, `${baseUrl}${step.path}`, {
          method: step.method ?? 'GET',
          headers: {
            ...(step.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...step.headers,
          },
          ...(step.body !== undefined ? { body: JSON.stringify(step.body) } : {}),
        });
        const text = response.text;
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON (pages)
        }
        outcome = { status: response.status, json, ms: performance.now() - t0, step };
      } catch (error) {
        outcome = { status: 0, json: null, ms: performance.now() - t0, step, error: String(error) };
      }
      requests += 1;
      latencies.push(outcome.ms);
      const expected = step.expect ?? [200];
      if (!expected.includes(outcome.status)) {
        failures += 1;
        const kind = `${step.method ?? 'GET'} ${step.path.split('?')[0]} -> ${outcome.status || outcome.error}`;
        failureKinds[kind] = (failureKinds[kind] ?? 0) + 1;
      }
      onOutcome?.(connection, outcome);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => loop(i)));
  for (const timer of timers) clearTimeout(timer);
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests,
    failures,
    failureKinds,
    rps: requests / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
