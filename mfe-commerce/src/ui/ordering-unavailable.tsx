import { Link } from '@metrology/shared/router';

/** Indian visitors see no prices and no cart (SPEC section 6); a direct visit to a commerce page says so. */
export function OrderingUnavailable({ title }: { title: string }) {
  return (
    <div className="ms-page commerce-notice">
      <h1>{title}</h1>
      <p>Online ordering is not available in your region. Please send us an enquiry from a product page.</p>
      <Link to="/products" className="ms-button">
        Browse Products
      </Link>
    </div>
  );
}
