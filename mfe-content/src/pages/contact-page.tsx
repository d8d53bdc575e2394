import { usePageTitle } from '@metrology/shared';

export default function ContactPage() {
  usePageTitle('Contact Us');
  return (
    <div className="ms-page content-contact">
      <h1>Contact Us</h1>
      <p>Send us an enquiry or reach a branch in Chennai, Coimbatore, Bangalore or Pune.</p>
    </div>
  );
}
