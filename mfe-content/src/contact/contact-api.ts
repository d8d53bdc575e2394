import { shopApi, type ContactMessageBody, type ContactMessageResponse } from '@metrology/shared';

/** POST /api/contact/submit: the message is stored for the staff's inbox (no login needed). */
export const contactApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    submitContact: build.mutation<ContactMessageResponse, ContactMessageBody>({
      query: (fields) => ({ url: '/api/contact/submit', method: 'POST', body: fields }),
    }),
  }),
});

export const { useSubmitContactMutation } = contactApi;
