import { usePageTitle } from '@metrology/shared';

export default function NewsPage() {
  usePageTitle('Latest News & Events');
  return (
    <div className="ms-page content-news">
      <h1>Latest News & Events</h1>
      <p>Upcoming events and exhibitions.</p>
    </div>
  );
}
