import { usePageTitle } from '@metrology/shared';

export default function ProductPage() {
  usePageTitle('Product details');
  return (
    <div className="ms-page catalog-product">
      <h1>Product details</h1>
      <p>Specifications, features and pricing of the instrument.</p>
    </div>
  );
}
