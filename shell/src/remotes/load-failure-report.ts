import type { LoadFailureReportBody } from '@metrology/shared/contracts';
import type { RemoteName } from '../routes/route-table';
import type { FailureKind } from './release-plan';

/**
 * The body of POST /api/releases/load-failures (the API's contract), with the shell's own names for the remote and
 * the kind of failure; the page token is added as it is sent (the guard that notices a failure does not hold it).
 * The version the shell fell back to is absent when none was left and the section shows its fallback.
 */
export interface LoadFailureReport extends Omit<LoadFailureReportBody, 'pageToken'> {
  remote: RemoteName;
  kind: FailureKind;
}

const LIMITS = { version: 50, message: 2000, url: 2000, fallbackVersion: 50 } as const;

function clip(value: string | undefined, limit: number): string | undefined {
  return value === undefined ? undefined : value.slice(0, limit);
}

/** The one-line console message a developer sees. */
export function describeFailure(report: LoadFailureReport): string {
  const what = `${report.remote}${report.version ? ` ${report.version}` : ''}`;
  const next = report.fallbackVersion
    ? `falling back to ${report.fallbackVersion}`
    : 'no earlier good version is left; the section shows its fallback';
  return `[releases] ${what} failed (${report.kind}): ${report.message} — ${next}`;
}

/**
 * The token the site server signed into this page (this visitor's session and the versions it was served): the API
 * counts a report only with it, so reports cannot be invented or replayed for versions nobody was served.
 */
export function pageToken(): string | undefined {
  try {
    const text = document.getElementById('page-token')?.textContent;
    const token: unknown = text ? JSON.parse(text) : undefined;
    return typeof token === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tells the console and the API what happened. A plain keepalive fetch, not the store's RTK Query client: it runs
 * inside the federation runtime, must work while the section (or the React tree) is broken, and must survive
 * the shopper leaving the page. Failing to report never breaks the page.
 */
export function reportLoadFailure(apiBaseUrl: string, report: LoadFailureReport): Promise<void> {
  console.error(describeFailure(report));
  const body: LoadFailureReport = {
    remote: report.remote,
    kind: report.kind,
    message: clip(report.message, LIMITS.message) || 'Unknown error',
    ...(report.version ? { version: clip(report.version, LIMITS.version) } : {}),
    ...(report.url ? { url: clip(report.url, LIMITS.url) } : {}),
    ...(report.fallbackVersion
      ? { fallbackVersion: clip(report.fallbackVersion, LIMITS.fallbackVersion) }
      : {}),
  };
  return fetch(`${apiBaseUrl}/api/releases/load-failures`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, pageToken: pageToken() } satisfies Partial<LoadFailureReportBody>),
    keepalive: true,
  }).then(
    (response) => {
      if (!response.ok) console.warn(`[releases] the load-failure report was refused (${response.status})`);
    },
    (error: unknown) => {
      console.warn('[releases] the load-failure report could not be sent', error);
    },
  );
}
