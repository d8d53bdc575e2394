import { dataListQuery, notifyTitled, shopApi, type JobOpening, serverMessage } from '@metrology/shared';

export const CAREERS_MESSAGES = {
  fetchFailed: 'Failed to fetch jobs',
  errorTitle: 'Error',
  empty: 'No job openings available at the moment.',
} as const;

/** The careers load error toast stays 3 s (SPEC section 8). */
export const CAREERS_ERROR_TOAST_MS = 3000;

/** GET /api/dashboard/careers: every failed attempt (first load or Try Again) also shows the Error toast. */
export const openingsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getJobOpenings: build.query<JobOpening[], void>(
      dataListQuery<JobOpening>('/api/dashboard/careers', 'Careers', (error) =>
        notifyTitled(
          'error',
          CAREERS_MESSAGES.errorTitle,
          serverMessage(error, CAREERS_MESSAGES.fetchFailed),
          {
            autoHideDuration: CAREERS_ERROR_TOAST_MS,
          },
        ),
      ),
    ),
  }),
});

export const { useGetJobOpeningsQuery } = openingsApi;
