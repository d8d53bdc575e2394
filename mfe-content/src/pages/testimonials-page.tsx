import { Link } from '@metrology/shared/router';
import { Spinner, usePageHead } from '@metrology/shared';
import { useGetTestimonialsQuery } from '../testimonials/get-testimonials';
import { TestimonialEntry } from '../testimonials/testimonial-entry';
import '../styles';

export default function TestimonialsPage() {
  usePageHead({
    title: 'Client Testimonials',
    description: 'What our clients say about our measuring instruments, calibration and service.',
    canonicalPath: '/testimonials',
  });
  const { data, isLoading } = useGetTestimonialsQuery();
  const testimonials = data ?? [];
  return (
    <div className="ms-page content-testimonials">
      <h1>Client Testimonials</h1>
      <p className="content-lead">
        What quality managers, plant heads and engineers say about working with us.
      </p>
      {isLoading ? <Spinner label="Loading testimonials" /> : null}
      <div className="content-entries">
        {testimonials.map((testimonial, index) => (
          <TestimonialEntry key={testimonial._id} testimonial={testimonial} flipped={index % 2 === 1} />
        ))}
      </div>
      {/* With the list, not before it: the banner does not jump down when the entries arrive. */}
      {isLoading ? null : (
        <section className="content-banner content-banner--inline" aria-labelledby="content-join-title">
          <div className="ms-spread content-banner__inner">
            <div>
              <h2 id="content-join-title">Join our satisfied clients</h2>
              <p>Tell us about your measuring task and we will find the instrument or service that fits.</p>
            </div>
            <Link to="/contact" className="ms-button content-banner__button">
              Contact Us Today
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
