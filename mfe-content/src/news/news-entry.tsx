import { ProductImage, type NewsItem } from '@metrology/shared';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** '2026-01-22' as 'January 22, 2026' (dates carry no time zone: read as UTC so the day never shifts). */
export function formatNewsDate(date: string): string {
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? date : longDate.format(parsed);
}

/** One news item; `flipped` puts the picture on the other side (entries alternate). */
export function NewsEntry({ item, flipped }: { item: NewsItem; flipped: boolean }) {
  const image = item.image?.[0];
  return (
    <article className={`content-entry${flipped ? ' content-entry--flipped' : ''}`}>
      <div className="content-entry__media">
        {image ? (
          <ProductImage
            src={image}
            alt={item.title}
            width={640}
            height={400}
            className="content-entry__image"
          />
        ) : (
          <div className="content-entry__placeholder">No image available</div>
        )}
      </div>
      <div className="content-entry__body">
        <p className="content-pill">{item.category}</p>
        <h2 className="content-entry__title">{item.title}</h2>
        <p>{item.description}</p>
        <ul className="content-entry__facts">
          <li>
            <span className="ms-visually-hidden">Date: </span>
            <CalendarIcon />
            <time dateTime={item.date}>{formatNewsDate(item.date)}</time>
          </li>
          {item.time ? (
            <li>
              <span className="ms-visually-hidden">Time: </span>
              <ClockIcon />
              {item.time}
            </li>
          ) : null}
          {item.location ? (
            <li>
              <span className="ms-visually-hidden">Location: </span>
              <PinIcon />
              {item.location}
            </li>
          ) : null}
        </ul>
      </div>
    </article>
  );
}

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="content-entry__icon">
    <path fill="currentColor" d={d} />
  </svg>
);
const CalendarIcon = () =>
  icon(
    'M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zM5 9h14v11H5z',
  );
const ClockIcon = () =>
  icon(
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v6l5 3 1-1.7-4-2.3V7z',
  );
const PinIcon = () =>
  icon(
    'M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 4.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z',
  );
