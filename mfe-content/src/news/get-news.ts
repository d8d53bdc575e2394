import { shopApi, type NewsItem } from '@metrology/shared';

/** GET /api/dashboard/news (no token needed). A failure is only logged: the page then lists nothing. */
export const newsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getNews: build.query<NewsItem[], void>({
      query: () => '/api/dashboard/news',
      transformResponse: (response: { data?: NewsItem[] }) => response.data ?? [],
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
