import { anonymousEndpoints, shopApi, type Testimonial, type TestimonialsResponse } from '@metrology/shared';

// SPEC section 7: this call carries no token, even for a logged-in visitor.
anonymousEndpoints.add('getTestimonials');

/** GET /api/dashboard/testimonials (no token needed). A failure is only logged: the page then lists nothing. */
export const testimonialsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getTestimonials: build.query<Testimonial[], void>({
      query: () => '/api/dashboard/testimonials',
      transformResponse: (response: TestimonialsResponse) => response.data ?? [],
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
