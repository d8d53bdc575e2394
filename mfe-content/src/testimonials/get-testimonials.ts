import { anonymousEndpoints, dataListQuery, shopApi, type Testimonial } from '@metrology/shared';

// SPEC section 7: this call carries no token, even for a logged-in visitor.
anonymousEndpoints.add('getTestimonials');

/** GET /api/dashboard/testimonials (no token needed). A failure is only logged: the page then lists nothing. */
export const testimonialsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getTestimonials: build.query<Testimonial[], void>(
      dataListQuery<Testimonial>('/api/dashboard/testimonials', 'Testimonials', (error) =>
        console.error('Testimonials could not be loaded', error),
      ),
    ),
  }),
});

export const { useGetTestimonialsQuery } = testimonialsApi;
