import { shopApi } from '@metrology/shared';
import type { ContactFields } from './validate-contact';

/** POST /api/contact/submit: the message is stored for the staff's inbox (no login needed). */
export const contactApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    submitContact: build.mutation<{ success: boolean; message: string }, ContactFields>({
      query: (fields) => ({ url: '/api/contact/submit', method: 'POST', body: fields }),
    }),
  }),
});

export const { useSubmitContactMutation } = contactApi;
