import { shopApi, type Testimonial } from '@metrology/shared';

/** GET /api/dashboard/testimonials (no token needed). A failure is only logged: the page then lists nothing. */
export const testimonialsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getTestimonials: build.query<Testimonial[], void>({
      query: () => '/api/dashboard/testimonials',
      transformResponse: (response: { data?: Testimonial[] }) => response.data ?? [],
      providesTags: ['Testimonials'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          console.error('Testimonials could not be loaded', failure);
        }
      },
    }),
  }),
});

export const { useGetTestimonialsQuery } = testimonialsApi;
