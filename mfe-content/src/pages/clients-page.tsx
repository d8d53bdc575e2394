import { usePageTitle } from '@metrology/shared';

export default function ClientsPage() {
  usePageTitle('Our Clients');
  return (
    <div className="ms-page content-clients">
      <h1>Our Clients</h1>
      <p>Automotive, aerospace, manufacturing and technology companies trust our instruments.</p>
    </div>
  );
}
