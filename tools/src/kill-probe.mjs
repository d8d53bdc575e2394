// @ts-check
// Measures what a visitor sees while a process dies: polls the site and the API on a short interval and counts
// failed requests and how long each stayed down. Used by the fault test and the faults benchmark.

/**
 * @typedef {{ ok: number; failed: number; firstFailure?: number; lastFailure?: number; lastOk?: number }} Tally
 */

/**
 * @param {Record<string, string>} targets name -> URL
 * @param {number} [intervalMs]
 */
export function startProbe(targets, intervalMs = 100) {
  /** @type {Record<string, Tally>} */
  const tallies = Object.fromEntries(Object.keys(targets).map((name) => [name, { ok: 0, failed: 0 }]));
  let running = true;
  const loops = Object.entries(targets).map(async ([name, url]) => {
    const tally = /** @type {Tally} */ (tallies[name]);
    while (running) {
      const at = Date.now();
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(String(response.status));
        tally.ok += 1;
        tally.lastOk = Date.now();
      } catch {
        tally.failed += 1;
        tally.firstFailure ??= at;
        tally.lastFailure = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  });
  return {
    tallies,
    async stop() {
      running = false;
      await Promise.all(loops);
      return tallies;
    },
  };
}

/** @param {string} url @param {number} timeoutMs */
export async function waitUntilOk(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // still down
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Whether a target answered again after its last failure (or never failed). @param {Tally} tally */
export function recovered(tally) {
  return tally.lastFailure === undefined || (tally.lastOk ?? 0) > tally.lastFailure;
}

/** Seconds a tally stayed down (first to last failure), 0 when it never failed. @param {Tally} tally */
export function downSeconds(tally) {
  return tally.firstFailure === undefined || tally.lastFailure === undefined
    ? 0
    : (tally.lastFailure - tally.firstFailure) / 1000;
}
