import { shopApi } from '@metrology/shared';
import type { LoadFailure, LoadFailuresResponse } from '@metrology/shared/contracts';

/** One report from GET /api/releases/load-failures (absent fields come back as ''): the API's contract. */
export type { LoadFailure, LoadFailuresResponse } from '@metrology/shared/contracts';

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
