import { STAR_SCALE } from '@metrology/shared';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Whole stars out of 5; the figure is read out as one label. */
export function StarRating({ stars }: { stars: number }) {
  const rating = Math.max(0, Math.min(STAR_SCALE, Math.round(Number.isFinite(stars) ? stars : 0)));
  return (
    <div className="content-stars" role="img" aria-label={`Rated ${rating} out of ${STAR_SCALE}`}>
      {Array.from({ length: STAR_SCALE }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          className={i < rating ? 'content-stars__star content-stars__star--on' : 'content-stars__star'}
        >
          <path d={STAR} />
        </svg>
      ))}
    </div>
  );
}
