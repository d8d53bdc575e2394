import { Link } from 'react-router-dom';
import { usePageTitle } from '@metrology/shared';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="ms-page shell-not-found">
      <h1>404 Oops! Page not found</h1>
      <Link to="/" className="ms-button">
        Back to home
      </Link>
    </div>
  );
}
