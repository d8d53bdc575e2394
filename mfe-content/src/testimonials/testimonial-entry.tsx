import type { Testimonial } from '@metrology/shared';
import { StarRating } from './star-rating';
import { TestimonialMedia } from './testimonial-media';

/** One testimonial; `flipped` puts the media on the other side (entries alternate). */
export function TestimonialEntry({ testimonial, flipped }: { testimonial: Testimonial; flipped: boolean }) {
  return (
    <article
      className={`content-entry${flipped ? ' content-entry--flipped' : ''}`}
      aria-label={testimonial.name}
    >
      <div className="content-entry__media">
        <TestimonialMedia testimonial={testimonial} />
      </div>
      <figure className="content-entry__body content-quote">
        <StarRating stars={testimonial.stars} />
        <blockquote>
          <p>{testimonial.content}</p>
        </blockquote>
        <figcaption>
          <span className="content-quote__name">{testimonial.name}</span>
          <span className="content-quote__position">{testimonial.position}</span>
        </figcaption>
      </figure>
    </article>
  );
}
