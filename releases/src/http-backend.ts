// The release operations on a shop's API (--to URL or RELEASE_URL), within the deploy token's remotes and actions:
// publish uploads a pack of both builds (pack.ts) that the API checks and publishes; the deploy tokens are a
// release manager's. What each call answers is checked against its response contract before it is read.
import {
  CreateDeployTokenResponse,
  DeployTokensResponse,
  PreviewResponse,
  PublishResponse,
  ReleaseActionsResponse,
  ReleaseDeskResponse,
  RevokeDeployTokenResponse,
  RollbackResponse,
  RolloutResponse,
} from '@metrology/shared/contracts';
import { readBuildFiles, writePack, PACK_CONTENT_TYPE } from './pack.js';
import { formatBytes } from './node-build.js';
import { ReleaseError, SHELL_RELEASE, formatRolloutPlan } from './model.js';
import { apiClient, type ApiOptions } from './http-client.js';
import type { Registry } from '@metrology/shared/contracts';
import type { DeployTokenAdmin, ReleaseBackend, RemoteAction, StatusReading } from './backend.js';

/** An answer's message, as the CLI prints it. */
function said(answer: { message?: string | undefined }) {
  return answer.message ?? '';
}

export function httpBackend(options: ApiOptions): ReleaseBackend & DeployTokenAdmin {
  const api = apiClient(options);
  const why = (text: string | undefined) => (text ? { why: text } : {});
  /** A rollout's next step that takes only the remote (and why): approve the stage, complete or abort. */
  const rolloutStep = async (step: 'approve' | 'complete' | 'abort', action: RemoteAction) =>
    said(
      await api.call(RolloutResponse, 'POST', `/api/releases/rollout/${step}`, {
        json: { remote: action.remote, ...why(action.why) },
      }),
    );

  async function status(): Promise<StatusReading> {
    const desk = await api.call(ReleaseDeskResponse, 'GET', '/api/releases/desk');
    // The shell's row when the token may read it (the desk keeps it apart from the remotes).
    const rows = desk.shell ? [...desk.remotes, desk.shell] : desk.remotes;
    const registry: Registry = { remotes: {} };
    for (const { remote, current, history, rollout } of rows) {
      if (!current) continue;
      if (remote === SHELL_RELEASE) registry.shell = { current, history };
      else registry.remotes[remote] = { current, history, ...(rollout ? { rollout } : {}) };
    }
    return {
      registry,
      rows: rows.map(({ remote }) => remote),
      json: Object.fromEntries(rows.map(({ remote, ...rest }) => [remote, rest])),
    };
  }

  return {
    // The API refuses a version already published when the pack arrives, under its lock.
    assertUnpublished: async () => undefined,
    async publish(build, progress) {
      const { remote, version } = build;
      const files = await readBuildFiles(build.distDir, { clientOnly: build.clientOnly });
      const { pack } = writePack({ remote, version, files });
      const bytes = files.reduce((sum, file) => sum + file.data.length, 0);
      progress(
        `Packed ${remote} ${version}: ${files.length} files, ${formatBytes(bytes)} (${formatBytes(pack.length)} to send).`,
      );
      const query = new URLSearchParams({
        remote,
        version,
        commit: build.commit,
        ...(build.staged ? { staged: 'true' } : {}),
        ...(build.clientOnly ? { clientOnly: 'true' } : {}),
      });
      const answer = await api.call(PublishResponse, 'POST', `/api/releases/publish?${query}`, {
        body: pack,
        contentType: PACK_CONTENT_TYPE,
      });
      return said(answer);
    },
    async preview(remote, version, ttlSeconds) {
      const answer = await api.call(PreviewResponse, 'POST', '/api/releases/preview', {
        json: { remote, version, ttlSeconds },
      });
      const site = (await api.site()) ?? process.env.SITE_URL ?? '';
      return { link: `${site}${answer.url}`, note: said(answer) };
    },
    async startRollout(action) {
      const answer = await api.call(RolloutResponse, 'POST', '/api/releases/rollout', {
        json: {
          remote: action.remote,
          version: action.version,
          ...('plan' in action ? { plan: formatRolloutPlan(action.plan) } : { percent: action.percent }),
          ...why(action.why),
        },
      });
      return said(answer);
    },
    async setRolloutPercent(action) {
      const answer = await api.call(RolloutResponse, 'POST', '/api/releases/rollout/percent', {
        json: { remote: action.remote, percent: action.percent, ...why(action.why) },
      });
      return said(answer);
    },
    approveRolloutStage: (action) => rolloutStep('approve', action),
    completeRollout: (action) => rolloutStep('complete', action),
    abortRollout: (action) => rolloutStep('abort', action),
    async rollback(action) {
      const answer = await api.call(RollbackResponse, 'POST', '/api/releases/rollback', {
        json: { remote: action.remote, ...(action.to ? { to: action.to } : {}), ...why(action.why) },
      });
      return said(answer);
    },
    status,
    async log(limit) {
      const answer = await api.call(
        ReleaseActionsResponse,
        'GET',
        `/api/releases/actions?limit=${Math.min(limit, 500)}`,
      );
      return answer.actions;
    },
    repair: async () => {
      throw new ReleaseError(`'repair' works on a local RELEASES_DIR only`);
    },
    async createToken(token) {
      const answer = await api.call(CreateDeployTokenResponse, 'POST', '/api/releases/tokens', {
        manager: true,
        json: token,
      });
      return { message: said(answer), secret: answer.secret };
    },
    async listTokens() {
      return (await api.call(DeployTokensResponse, 'GET', '/api/releases/tokens', { manager: true })).tokens;
    },
    async revokeToken(id) {
      const answer = await api.call(RevokeDeployTokenResponse, 'POST', '/api/releases/tokens/revoke', {
        json: { id },
        manager: true,
      });
      return said(answer);
    },
  };
}
