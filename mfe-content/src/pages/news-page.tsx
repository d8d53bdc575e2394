import { Link } from '@metrology/shared/router';
import { Spinner, usePageHead } from '@metrology/shared';
import { useGetNewsQuery } from '../news/get-news';
import { NewsEntry } from '../news/news-entry';
import '../styles';

export default function NewsPage() {
  usePageHead({
    title: 'Latest News & Events',
    description: 'News, exhibitions and events from our company and our instrument makers.',
    canonicalPath: '/news',
  });
  const { data, isLoading } = useGetNewsQuery();
  const items = data ?? [];
  return (
    <div className="ms-page content-news">
      <h1>Latest News & Events</h1>
      <p className="content-lead">
        Upcoming events and exhibitions, product launches and news from the group.
      </p>
      {isLoading ? <Spinner label="Loading news" /> : null}
      <div className="content-entries">
        {items.map((item, index) => (
          <NewsEntry key={item._id} item={item} flipped={index % 2 === 1} />
        ))}
      </div>
      {/* With the list, not before it: the banner does not jump down when the entries arrive. */}
      {isLoading ? null : (
        <section className="content-banner content-banner--inline" aria-labelledby="content-subscribe-title">
          <div className="ms-spread content-banner__inner">
            <div>
              <h2 id="content-subscribe-title">Never miss an event</h2>
              <p>Get invitations to exhibitions, seminars and product demonstrations near you.</p>
            </div>
            <Link to="/contact" className="ms-button content-banner__button">
              Subscribe Now
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
