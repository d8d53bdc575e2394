import type { ReactNode } from 'react';
import { errorMessage, usePageTitle } from '@metrology/shared';
import { REMOTES, type RemoteName } from '../routes/route-table';
import type { Registry, Release } from '../remotes/registry';
import {
  RECENT_FAILURES,
  useLoadFailuresQuery,
  useReleaseRegistryQuery,
  type LoadFailure,
} from './releases-api';
import './releases.css';

const KIND_LABELS: Record<string, string> = {
  entry: 'Remote entry did not load',
  module: 'Page module did not load',
  render: 'Page threw while rendering',
  'incompatible-shared': 'Incompatible shared dependency',
};

/** Release managers read UTC, the same as `npm run release -- status`. */
function Time({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return <>{iso || '—'}</>;
  return (
    <time dateTime={date.toISOString()}>{`${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`}</time>
  );
}

/** Wide tables scroll sideways on a phone; the scrolling region must be reachable by keyboard (WCAG 2.1.1). */
function ScrollRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  // Named "<section> table" so it is not a second landmark with its section's name (axe landmark-unique).
  const names = `${labelledBy} ${labelledBy}-table`;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region is focusable so keyboard users can scroll it
    <div className="shell-releases__scroll" role="region" aria-labelledby={names} tabIndex={0}>
      <span id={`${labelledBy}-table`} hidden>
        table
      </span>
      {children}
    </div>
  );
}

function releaseState(release: Release, current: string): string {
  if (release.version === current) return 'Live';
  if (release.rolledBackAt) return 'Rolled back';
  return 'Published';
}

function StatusTable({ registry }: { registry: Registry }) {
  return (
    <ScrollRegion labelledBy="releases-status">
      <table className="shell-releases__table" data-testid="release-status">
        <thead>
          <tr>
            <th scope="col">Remote</th>
            <th scope="col">Version</th>
            <th scope="col">Published</th>
            <th scope="col">Commit</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        {REMOTES.map((remote: RemoteName) => {
          const entry = registry.remotes[remote];
          if (!entry || entry.history.length === 0) {
            return (
              <tbody key={remote} data-remote={remote}>
                <tr>
                  <th scope="row">{remote}</th>
                  <td colSpan={4}>Never published</td>
                </tr>
              </tbody>
            );
          }
          // Newest first: what is live and what came just before matter most.
          const releases = [...entry.history].reverse();
          return (
            <tbody key={remote} data-remote={remote}>
              {releases.map((release, index) => {
                const state = releaseState(release, entry.current);
                return (
                  <tr
                    key={release.version}
                    className={state === 'Live' ? 'shell-releases__live' : undefined}
                    data-version={release.version}
                  >
                    {index === 0 && (
                      <th scope="rowgroup" rowSpan={releases.length}>
                        {remote}
                      </th>
                    )}
                    <td>{release.version}</td>
                    <td>
                      <Time iso={release.publishedAt} />
                    </td>
                    <td>
                      <code>{release.commit}</code>
                    </td>
                    <td>
                      {state}
                      {state === 'Rolled back' && release.rolledBackAt && (
                        <>
                          {' '}
                          <Time iso={release.rolledBackAt} />
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          );
        })}
      </table>
    </ScrollRegion>
  );
}

function FailuresTable({ failures }: { failures: LoadFailure[] }) {
  if (failures.length === 0) return <p>No load failures reported.</p>;
  return (
    <ScrollRegion labelledBy="releases-failures">
      <table className="shell-releases__table" data-testid="load-failures">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Remote</th>
            <th scope="col">Version</th>
            <th scope="col">What failed</th>
            <th scope="col">Fell back to</th>
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>
          {failures.map((failure, index) => (
            <tr key={`${failure.at}-${index}`} data-kind={failure.kind}>
              <td>
                <Time iso={failure.at} />
              </td>
              <td>{failure.remote}</td>
              <td>{failure.version || '—'}</td>
              <td>{KIND_LABELS[failure.kind] ?? failure.kind}</td>
              <td>{failure.fallbackVersion || 'None: section fallback shown'}</td>
              <td className="shell-releases__message">
                {failure.message}
                {failure.url && <span className="shell-releases__page">Page: {failure.url}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** For release managers (not linked from the shop): what each remote serves, and what failed to load. */
export default function ReleasesPage() {
  usePageTitle('Releases');
  const registry = useReleaseRegistryQuery(undefined, { refetchOnMountOrArgChange: true });
  const failures = useLoadFailuresQuery(RECENT_FAILURES, { refetchOnMountOrArgChange: true });
  const refreshing = registry.isFetching || failures.isFetching;

  return (
    <div className="ms-page shell-releases" data-boundary="shell">
      <div className="shell-releases__head">
        <h1>Releases</h1>
        <button
          type="button"
          className="ms-button ms-button--ghost"
          onClick={() => {
            void registry.refetch();
            void failures.refetch();
          }}
          disabled={refreshing}
        >
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className="shell-releases__intro">
        What each section of the shop serves, and what failed to load in shoppers&rsquo; browsers. Publish and
        roll back with <code>npm run release -- publish|rollback &lt;remote&gt;</code>; pages pick up a change
        on their next load.
      </p>

      <section aria-labelledby="releases-status">
        <h2 id="releases-status">Live versions</h2>
        {registry.isLoading ? (
          <p>Reading the registry…</p>
        ) : registry.error ? (
          <p className="shell-releases__error">
            {errorMessage(registry.error, 'The release registry could not be read.')}
          </p>
        ) : registry.data ? (
          <StatusTable registry={registry.data} />
        ) : null}
      </section>

      <section aria-labelledby="releases-failures">
        <h2 id="releases-failures">Recent load failures</h2>
        {failures.isLoading ? (
          <p>Reading the reports…</p>
        ) : failures.error ? (
          <p className="shell-releases__error">
            {`The load-failure reports could not be read: ${errorMessage(failures.error, 'the API did not answer.')}`}
          </p>
        ) : (
          <FailuresTable failures={failures.data ?? []} />
        )}
      </section>
    </div>
  );
}
