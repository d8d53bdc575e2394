import { anonymousEndpoints, dataListQuery, shopApi, type NewsItem } from '@metrology/shared';

// SPEC section 7: this call carries no token, even for a logged-in visitor.
anonymousEndpoints.add('getNews');

/** GET /api/dashboard/news (no token needed). A failure is only logged: the page then lists nothing. */
export const newsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getNews: build.query<NewsItem[], void>(
      dataListQuery<NewsItem>('/api/dashboard/news', 'News', (error) =>
        console.error('News could not be loaded', error),
      ),
    ),
  }),
});

export const { useGetNewsQuery } = newsApi;
