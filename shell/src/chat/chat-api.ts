import { anonymousEndpoints, shopApi, type ChatBody, type ChatResponse } from '@metrology/shared';

// SPEC section 7: the chat call carries no token.
anonymousEndpoints.add('sendChatMessage');

/** POST /api/user/chat (SPEC section 7): { message } -> { success, data: the reply text }. */
export const chatApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    sendChatMessage: build.mutation<string, string>({
      query: (message) => ({ url: '/api/user/chat', method: 'POST', body: { message } satisfies ChatBody }),
      transformResponse: (response: ChatResponse) => (typeof response.data === 'string' ? response.data : ''),
    }),
  }),
});

export const { useSendChatMessageMutation } = chatApi;
