import { useState } from 'react';
import { errorMessage, notify } from '@metrology/shared';
import { REMOTES, type RemoteName } from '../routes/route-table';
import type { ReleaseName } from '@metrology/shared/release';
import type { Registry, Release } from '../remotes/registry';
import { ConfirmDialog } from '../back-office/confirm-dialog';
import { ColumnHeads } from '../back-office/column-heads';
import { RoleGate } from '../back-office/role-gate';
import {
  useMoveReleaseMutation,
  useReleaseDeskQuery,
  useReleaseTrendsQuery,
  type ReleaseAction,
  type ReleaseTrend,
  type ReleaseDesk,
  RECENT_FAILURES,
  useDeployTokensQuery,
  useLoadFailuresQuery,
  usePreviewLinkMutation,
  type DeskRemote,
  type LoadFailure,
} from './releases-api';
import { ReleaseTable, ScrollRegion, Time } from './desk-parts';
import { DeployTokensSection } from './deploy-tokens';
import { openPreview } from './open-preview';
import { RolloutsSection, StartRolloutDialog } from './rollouts';
import { Sparkline } from './trend-chart';
import { TrendsSection } from './trends-section';
import '../back-office/back-office.css';
import './releases.css';

const KIND_LABELS: Record<string, string> = {
  entry: 'Remote entry did not load',
  module: 'Page module did not load',
  render: 'Page threw while rendering',
  'incompatible-shared': 'Incompatible shared dependency',
};

function releaseState(
  release: Release,
  current: string,
  canary?: { version: string; percent: number },
): string {
  if (release.version === current) return 'Live';
  if (canary?.version === release.version) return `Canary (${canary.percent} %)`;
  if (release.rolledBackAt) return 'Rolled back';
  return 'Published';
}

/** A version to make live, and whether that goes back (a rollback) or forward (a re-promote). */
interface Move {
  remote: ReleaseName;
  from: string;
  to: string;
  back: boolean;
}

/** The shell, released like a remote: its versions are listed after the remotes'. */
const SHELL_RELEASE = 'shell' as const;

/** A published version to roll out to a share of visitors. */
interface RolloutStart {
  remote: RemoteName;
  version: string;
  current: string;
}

const STATUS_COLUMNS = ['Remote', 'Version', 'Published', 'Commit', 'State', 'Last day', 'Action'];

function StatusTable({
  registry,
  rollouts,
  trends,
  onMove,
  onPreview,
  onRollout,
}: {
  registry: Registry;
  rollouts: Partial<Record<string, { version: string; percent: number }>>;
  /** Each remote's last day, for a small trend of every version's failure rate. */
  trends: ReleaseTrend[];
  onMove: (move: Move) => void;
  onPreview: (remote: RemoteName, version: string) => void;
  onRollout: (start: RolloutStart) => void;
}) {
  return (
    <ScrollRegion labelledBy="releases-status">
      <table className="shell-releases__table" data-testid="release-status">
        <ColumnHeads columns={STATUS_COLUMNS} />
        {[...REMOTES, SHELL_RELEASE].map((remote: ReleaseName) => {
          const entry = remote === SHELL_RELEASE ? registry.shell : registry.remotes[remote];
          // The shell is never previewed or rolled out in stages: a page needs one shell (docs/releases.md
          // "The shell is released like a remote"); its versions are rolled back or re-promoted.
          const section = remote === SHELL_RELEASE ? null : remote;
          if (!entry || entry.history.length === 0) {
            return (
              <tbody key={remote} data-remote={remote}>
                <tr>
                  <th scope="row">{remote}</th>
                  <td colSpan={6}>Never published</td>
                </tr>
              </tbody>
            );
          }
          // Newest first: what is live and what came just before matter most.
          const releases = [...entry.history].reverse();
          const liveIndex = entry.history.findIndex((release) => release.version === entry.current);
          const day = trends.find((trend) => trend.remote === remote);
          return (
            <tbody key={remote} data-remote={remote}>
              {releases.map((release, index) => {
                const canary = section ? rollouts[section] : undefined;
                const state = releaseState(release, entry.current, canary);
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
                      {release.clientOnly && (
                        <span
                          className="shell-releases__tag"
                          title="Published without its Node build: the browser renders its pages"
                        >
                          client-only
                        </span>
                      )}
                    </td>
                    <td>
                      {day ? (
                        <Sparkline
                          version={day.versions.find((v) => v.version === release.version)}
                          from={day.from}
                          to={day.to}
                        />
                      ) : (
                        '…'
                      )}
                    </td>
                    <td className="shell-releases__buttons">
                      {state !== 'Live' && section && (
                        <button
                          type="button"
                          className="ms-button ms-button--ghost"
                          onClick={() => onPreview(section, release.version)}
                        >
                          {`Preview ${release.version}`}
                        </button>
                      )}
                      {state !== 'Live' && section && !canary && (
                        <button
                          type="button"
                          className="ms-button ms-button--ghost"
                          onClick={() =>
                            onRollout({ remote: section, version: release.version, current: entry.current })
                          }
                        >
                          {`Roll out ${release.version}`}
                        </button>
                      )}
                      {state !== 'Live' && (
                        <button
                          type="button"
                          className="ms-button ms-button--ghost"
                          onClick={() => {
                            const back = entry.history.indexOf(release) < liveIndex;
                            onMove({ remote, from: entry.current, to: release.version, back });
                          }}
                        >
                          {entry.history.indexOf(release) < liveIndex
                            ? `Roll back to ${release.version}`
                            : `Re-promote ${release.version}`}
                        </button>
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
  return (
    <ReleaseTable
      labelledBy="releases-failures"
      testId="load-failures"
      columns={['When', 'Remote', 'Version', 'What failed', 'Fell back to', 'Message']}
      rows={failures}
      empty="No load failures reported."
    >
      {(failure, index) => (
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
      )}
    </ReleaseTable>
  );
}

const ACTION_LABELS: Record<string, string> = {
  publish: 'Published',
  preview: 'Preview link',
  rollback: 'Rolled back',
  're-promote': 'Re-promoted',
  'rollout-start': 'Rollout started',
  'rollout-percent': 'Share changed',
  'rollout-approve': 'Stage approved',
  'rollout-wait': 'Waiting for approval',
  'rollout-advance': 'Next stage',
  'rollout-complete': 'Rollout completed',
  'rollout-abort': 'Rollout aborted',
};

/** The figures an automatic action decided on, in words. */
function Figures({ figures }: { figures: Record<string, number> }) {
  const rate = (value: number | undefined) => `${((value ?? 0) * 100).toFixed(1)} %`;
  if (figures.canarySessions === undefined) return null;
  return (
    <span className="shell-releases__page">
      {`Canary: ${figures.canaryFailing ?? 0} of ${figures.canarySessions} sessions failed (${rate(figures.canaryFailureRate)}); ` +
        `live: ${figures.currentFailing ?? 0} of ${figures.currentSessions ?? 0} (${rate(figures.currentFailureRate)})`}
    </span>
  );
}

function ActionsTable({ actions }: { actions: ReleaseAction[] }) {
  return (
    <ReleaseTable
      labelledBy="releases-actions"
      testId="release-actions"
      columns={['When', 'Who', 'Action', 'Remote', 'Version', 'Share', 'Live', 'Why']}
      rows={actions}
      empty="No release actions yet."
    >
      {(action, index) => (
        <tr key={`${action.at}-${index}`} data-action={action.action} data-automatic={action.automatic}>
          <td>
            <Time iso={action.at} />
          </td>
          <td>{action.automatic ? 'Automatic' : action.actor}</td>
          <td>
            {ACTION_LABELS[action.action] ?? action.action}
            {!action.changed && ' (nothing changed)'}
          </td>
          <td>{action.remote}</td>
          <td>{action.version || '—'}</td>
          <td>{action.percent === undefined ? '' : `${action.percent} %`}</td>
          <td>{action.from === action.to ? action.to || '—' : `${action.from || '—'} → ${action.to}`}</td>
          <td className="shell-releases__message">
            {action.why}
            {action.figures && <Figures figures={action.figures} />}
          </td>
        </tr>
      )}
    </ReleaseTable>
  );
}

/** The desk's answer in the registry's own shape (the table reads it the way the shell reads registry.json). */
function asRegistry(desk: ReleaseDesk): Registry {
  const remotes: Registry['remotes'] = {};
  for (const entry of desk.remotes) {
    if (entry.current)
      remotes[entry.remote as RemoteName] = { current: entry.current, history: entry.history };
  }
  const shell = desk.shell?.current ? { current: desk.shell.current, history: desk.shell.history } : null;
  return { remotes, ...(shell ? { shell } : {}) };
}

/** The running rollouts by remote, for the version table's states. */
function rolloutsOf(remotes: DeskRemote[]): Partial<Record<string, { version: string; percent: number }>> {
  return Object.fromEntries(
    remotes.flatMap((remote) =>
      remote.rollout
        ? [[remote.remote, { version: remote.rollout.version, percent: remote.rollout.percent }]]
        : [],
    ),
  );
}

function ReleaseDeskView() {
  const desk = useReleaseDeskQuery(undefined, { refetchOnMountOrArgChange: true });
  const failures = useLoadFailuresQuery(RECENT_FAILURES, { refetchOnMountOrArgChange: true });
  // The tokens section reads the same list; Refresh reads their last use again too.
  const tokens = useDeployTokensQuery();
  const [moveRelease, moving] = useMoveReleaseMutation();
  const [previewLink] = usePreviewLinkMutation();
  const [asking, setAsking] = useState<Move | null>(null);
  const [starting, setStarting] = useState<RolloutStart | null>(null);
  const [problem, setProblem] = useState('');
  const days = useReleaseTrendsQuery({ range: 'day' }, { refetchOnMountOrArgChange: true });
  const running = desk.data?.remotes.find((remote) => remote.rollout)?.remote;
  const [chosen, setChosen] = useState<string | null>(null);
  const trendRemote: string = chosen ?? running ?? REMOTES[0] ?? SHELL_RELEASE;
  const trend = useReleaseTrendsQuery({ remote: trendRemote }, { refetchOnMountOrArgChange: true });

  // The link signs a preview cookie for this browser only; the site answers it and comes back to the shop.
  const preview = async (remote: RemoteName, version: string) => {
    setProblem('');
    try {
      const { url } = await previewLink({ remote, version }).unwrap();
      openPreview(url);
    } catch (error) {
      setProblem(errorMessage(error, 'The preview link could not be made.'));
    }
  };
  const refreshing =
    desk.isFetching || failures.isFetching || tokens.isFetching || days.isFetching || trend.isFetching;

  const confirm = async () => {
    if (!asking) return;
    setProblem('');
    try {
      const result = await moveRelease({ remote: asking.remote, to: asking.to }).unwrap();
      notify.success(result.message);
    } catch (error) {
      setProblem(errorMessage(error, 'The release could not be changed.'));
    } finally {
      setAsking(null);
    }
  };

  return (
    <div className="ms-page shell-releases" data-boundary="shell">
      <div className="ms-spread">
        <h1>Releases</h1>
        <button
          type="button"
          className="ms-button ms-button--ghost"
          onClick={() => {
            void desk.refetch();
            void failures.refetch();
            void tokens.refetch();
            void days.refetch();
            void trend.refetch();
          }}
          disabled={refreshing}
        >
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className="shell-releases__intro">
        What each section of the shop and the shell serve, and what failed to load in shoppers&rsquo;
        browsers. Preview a section&rsquo;s published version in this browser, roll it out to a share of
        visitors, roll back or re-promote (the shell: roll back or re-promote), here or with{' '}
        <code>npm run release -- preview | rollout | complete | abort | rollback</code> (the same operations);
        pages pick up a change on their next load.
      </p>
      {problem && (
        <p role="alert" className="shell-releases__error">
          {problem}
        </p>
      )}

      <section aria-labelledby="releases-status">
        <h2 id="releases-status">Live versions</h2>
        {desk.isLoading ? (
          <p>Reading the registry…</p>
        ) : desk.error ? (
          <p className="shell-releases__error">
            {errorMessage(desk.error, 'The release registry could not be read.')}
          </p>
        ) : desk.data ? (
          <StatusTable
            registry={asRegistry(desk.data)}
            rollouts={rolloutsOf(desk.data.remotes)}
            trends={days.data ?? []}
            onMove={setAsking}
            onPreview={(remote, version) => void preview(remote, version)}
            onRollout={setStarting}
          />
        ) : null}
      </section>

      <section aria-labelledby="releases-rollouts">
        <h2 id="releases-rollouts">Staged rollouts</h2>
        {desk.data ? <RolloutsSection remotes={desk.data.remotes} policy={desk.data.policy} /> : null}
      </section>

      <section aria-labelledby="releases-trends">
        <h2 id="releases-trends">Trends</h2>
        <TrendsSection
          names={[...REMOTES, SHELL_RELEASE]}
          remote={trendRemote}
          onRemote={setChosen}
          trend={trend.data?.[0]}
          loading={trend.isLoading}
          error={trend.error}
        />
      </section>

      <section aria-labelledby="releases-actions">
        <h2 id="releases-actions">Action log</h2>
        {desk.data ? <ActionsTable actions={desk.data.actions} /> : null}
      </section>

      <section aria-labelledby="releases-tokens">
        <h2 id="releases-tokens">Deploy tokens</h2>
        <DeployTokensSection />
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
      {asking && (
        <ConfirmDialog
          title={asking.back ? `Roll back ${asking.remote}?` : `Re-promote ${asking.remote}?`}
          text={`${asking.remote} ${asking.to} becomes live instead of ${asking.from}. Shoppers get it on their next page load.`}
          confirmLabel={asking.back ? `Roll back to ${asking.to}` : `Make ${asking.to} live`}
          busy={moving.isLoading}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        />
      )}
      {starting && (
        <StartRolloutDialog
          remote={starting.remote}
          version={starting.version}
          current={starting.current}
          onClose={() => setStarting(null)}
        />
      )}
    </div>
  );
}

/** For release managers only (not linked from the shop): what each remote serves, what failed, roll back. */
export default function ReleasesPage() {
  return (
    <RoleGate needs="release-manager" title="Releases">
      {() => <ReleaseDeskView />}
    </RoleGate>
  );
}
