import { anonymousEndpoints, shopApi, type NewsItem, type NewsResponse } from '@metrology/shared';

// SPEC section 7: this call carries no token, even for a logged-in visitor.
anonymousEndpoints.add('getNews');

/** GET /api/dashboard/news (no token needed). A failure is only logged: the page then lists nothing. */
export const newsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getNews: build.query<NewsItem[], void>({
      query: () => '/api/dashboard/news',
      transformResponse: (response: NewsResponse) => response.data ?? [],
      providesTags: ['News'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          console.error('News could not be loaded', failure);
        }
      },
    }),
  }),
});

export const { useGetNewsQuery } = newsApi;
