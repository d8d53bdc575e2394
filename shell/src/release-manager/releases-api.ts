import { getRuntimeConfig, shopApi } from '@metrology/shared';
import { fetchRegistry, type Registry } from '../remotes/registry';
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
    // The registry lives on the site, not the API: read it the way the shell does at boot.
    releaseRegistry: build.query<Registry, void>({
      queryFn: async () => {
        try {
          return { data: await fetchRegistry(getRuntimeConfig().registryUrl) };
        } catch (error) {
          return {
            error: {
              status: 'FETCH_ERROR',
              message: error instanceof Error ? error.message : 'The release registry could not be read',
            },
          };
        }
      },
    }),
    loadFailures: build.query<LoadFailure[], number>({
      query: (limit) => `/api/releases/load-failures?limit=${limit}`,
      transformResponse: (response: LoadFailuresResponse) => response.reports ?? [],
    }),
  }),
});

export const { useReleaseRegistryQuery, useLoadFailuresQuery } = releasesApi;
