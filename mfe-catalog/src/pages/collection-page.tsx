import { usePageTitle } from '@metrology/shared';

export default function CollectionPage() {
  usePageTitle('Collection');
  return (
    <div className="ms-page catalog-collection">
      <h1>Collection</h1>
      <p>Browse the whole collection with filters and sorting.</p>
    </div>
  );
}
