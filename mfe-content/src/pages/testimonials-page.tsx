import { usePageTitle } from '@metrology/shared';

export default function TestimonialsPage() {
  usePageTitle('Client Testimonials');
  return (
    <div className="ms-page content-testimonials">
      <h1>Client Testimonials</h1>
      <p>What our clients say about our instruments and service.</p>
    </div>
  );
}
