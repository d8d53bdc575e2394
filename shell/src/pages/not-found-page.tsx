import { Link } from '@metrology/shared/router';
import { usePageHead } from '@metrology/shared';

export function NotFoundPage() {
  usePageHead({
    title: 'Page not found',
    description: 'There is no page at this address. Go back to the home page or browse the products.',
  });
  return (
    <div className="ms-page shell-not-found">
      <h1>404 Oops! Page not found</h1>
      <Link to="/" className="ms-button">
        Back to home
      </Link>
    </div>
  );
}
