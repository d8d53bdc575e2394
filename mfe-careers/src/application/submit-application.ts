import { shopApi, type ApplicationResponse } from '@metrology/shared';

/** POST /api/careers/applications/submit as multipart/form-data (the browser sets the boundary). */
export const applicationApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    submitApplication: build.mutation<ApplicationResponse, FormData>({
      query: (form) => ({ url: '/api/careers/applications/submit', method: 'POST', body: form }),
    }),
  }),
});

export const { useSubmitApplicationMutation } = applicationApi;
