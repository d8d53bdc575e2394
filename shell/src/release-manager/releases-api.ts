import { shopApi } from '@metrology/shared';
import type {
  CreateDeployTokenBody,
  CreateDeployTokenResponse,
  DeployToken,
  DeployTokensResponse,
  LoadFailure,
  LoadFailuresResponse,
  PreviewBody,
  ReleaseAction,
  ReleaseDesk,
  ReleaseTrend,
  ReleaseTrendsQuery,
  ReleaseTrendsResponse,
  RollbackBody,
  PreviewResponse,
  RevokeDeployTokenBody,
  RevokeDeployTokenResponse,
  RolloutActionBody,
  RolloutPercentBody,
  RolloutResponse,
  StartRolloutBody,
} from '@metrology/shared/contracts';

/** One report from GET /api/releases/load-failures (absent fields come back as ''): the API's contract. */
export type {
  DeployAction,
  ReleaseAction,
  ReleaseDesk,
  ReleaseTrend,
  TrendMark,
  TrendPoint,
  VersionTrend,
  DeployToken,
  DeskRemote,
  DeskRollout,
  LoadFailure,
  LoadFailuresResponse,
  RolloutPolicy,
  VersionHealth,
} from '@metrology/shared/contracts';

export const RECENT_FAILURES = 50;

/** Every call of the release desk (its lazy chunk): the desk, rollbacks, load failures, rollouts, tokens. */
export const releasesApi = shopApi
  .enhanceEndpoints({ addTagTypes: ['ReleaseDesk', 'DeployTokens'] })
  .injectEndpoints({
    endpoints: (build) => ({
      releaseDesk: build.query<ReleaseDesk, void>({
        query: () => '/api/releases/desk',
        providesTags: ['ReleaseDesk'],
      }),
      moveRelease: build.mutation<{ message: string; action: ReleaseAction }, RollbackBody>({
        query: (body) => ({ url: '/api/releases/rollback', method: 'POST', body }),
        invalidatesTags: ['ReleaseDesk'],
      }),
      /** Each version's figures over time, for the charts and the history's trends (read again with the desk). */
      releaseTrends: build.query<ReleaseTrend[], ReleaseTrendsQuery>({
        query: ({ remote, range }) => ({ url: '/api/releases/trends', params: { remote, range } }),
        transformResponse: (response: ReleaseTrendsResponse) => response.trends,
        providesTags: ['ReleaseDesk'],
      }),
      loadFailures: build.query<LoadFailure[], number>({
        query: (limit) => `/api/releases/load-failures?limit=${limit}`,
        transformResponse: (response: LoadFailuresResponse) => response.reports ?? [],
      }),
    }),
  });

export const { useLoadFailuresQuery, useReleaseDeskQuery, useMoveReleaseMutation, useReleaseTrendsQuery } =
  releasesApi;

/** What the rollout actions answer: the API's message (the desk is read again afterwards). */
type Done = Pick<RolloutResponse, 'message' | 'remote'>;

/** The staged rollout actions and preview links of the desk; each refreshes the desk (its tag). */
export const rolloutApi = releasesApi.injectEndpoints({
  endpoints: (build) => ({
    startRollout: build.mutation<Done, StartRolloutBody>({
      query: (body) => ({ url: '/api/releases/rollout', method: 'POST', body }),
      invalidatesTags: ['ReleaseDesk'],
    }),
    setRolloutPercent: build.mutation<Done, RolloutPercentBody>({
      query: (body) => ({ url: '/api/releases/rollout/percent', method: 'POST', body }),
      invalidatesTags: ['ReleaseDesk'],
    }),
    rolloutAction: build.mutation<Done, RolloutActionBody & { action: 'approve' | 'complete' | 'abort' }>({
      query: ({ action, ...body }) => ({ url: `/api/releases/rollout/${action}`, method: 'POST', body }),
      invalidatesTags: ['ReleaseDesk'],
    }),
    previewLink: build.mutation<PreviewResponse, PreviewBody>({
      query: (body) => ({ url: '/api/releases/preview', method: 'POST', body }),
    }),
  }),
});

export const {
  useStartRolloutMutation,
  useSetRolloutPercentMutation,
  useRolloutActionMutation,
  usePreviewLinkMutation,
} = rolloutApi;

/** The deploy tokens of section teams' CI (release managers' sessions only): listed, made (the secret once), revoked. */
export const deployTokensApi = releasesApi.injectEndpoints({
  endpoints: (build) => ({
    deployTokens: build.query<DeployToken[], void>({
      query: () => '/api/releases/tokens',
      transformResponse: (response: DeployTokensResponse) => response.tokens,
      providesTags: ['DeployTokens'],
    }),
    createDeployToken: build.mutation<CreateDeployTokenResponse, CreateDeployTokenBody>({
      query: (body) => ({ url: '/api/releases/tokens', method: 'POST', body }),
      invalidatesTags: ['DeployTokens'],
    }),
    revokeDeployToken: build.mutation<RevokeDeployTokenResponse, RevokeDeployTokenBody>({
      query: (body) => ({ url: '/api/releases/tokens/revoke', method: 'POST', body }),
      invalidatesTags: ['DeployTokens'],
    }),
  }),
});

export const { useDeployTokensQuery, useCreateDeployTokenMutation, useRevokeDeployTokenMutation } =
  deployTokensApi;
