// The browser suite runs WORKERS Playwright workers, each against a whole stack of its own (site, API and its
// database, releases folder, geolocation stand-in, mail catcher): no test sees another worker's state. The global
// setup starts one stack per worker and hands them to the workers in E2E_STACKS; a worker takes the one at its
// parallelIndex (support/fixtures.ts).

/** How many workers, and so stacks, a run has: E2E_WORKERS, else 2 (one per core of the machines it runs on). */
export function workerCount(env: Record<string, string | undefined> = process.env): number {
  const value = env.E2E_WORKERS;
  if (value === undefined || value === '') return 2;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`E2E_WORKERS must be a whole number above 0, got '${value}'`);
  return count;
}

/** What a worker knows of its stack (JSON in E2E_STACKS). */
export interface Stack {
  /** The site's URL (the tests' baseURL). */
  url: string;
  apiUrl: string;
  /** The RELEASES_DIR the site serves and the release CLI writes. */
  releasesDir: string;
  /** The stack's own temporary folder (its DATA_DIR, releases and caught mail are in it); tests may write here. */
  workDir: string;
  /** The API's DATA_DIR (embedded database, uploaded résumés). */
  dataDir: string;
  /** Where the stack's mail catcher keeps what the API sent (support/mail.ts reads it). */
  mailDir: string;
  /** The geolocation stand-in's control URL (support/geo-stand-in.ts). */
  geoControlUrl: string;
}

/** The stacks the global setup started, in worker order. */
export function stacksFromEnv(env: Record<string, string | undefined> = process.env): Stack[] {
  const json = env.E2E_STACKS;
  if (!json) throw new Error('E2E_STACKS is not set: the e2e global setup did not run');
  return JSON.parse(json) as Stack[];
}
