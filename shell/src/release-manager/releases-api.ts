import { shopApi } from '@metrology/shared';
import type { FailureKind } from '../remotes/release-plan';

/** One report from GET /api/releases/load-failures (absent fields come back as ''). */
export interface LoadFailure {
  remote: string;
  version: string;
  kind: FailureKind | string;
  message: string;
  url: string;
  fallbackVersion: string;
  at: string;
}

interface LoadFailuresResponse {
  success: boolean;
  reports: LoadFailure[];
}

export const RECENT_FAILURES = 50;

export const releasesApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    loadFailures: build.query<LoadFailure[], number>({
      query: (limit) => `/api/releases/load-failures?limit=${limit}`,
      transformResponse: (response: LoadFailuresResponse) => response.reports ?? [],
    }),
  }),
});

export const { useLoadFailuresQuery } = releasesApi;
