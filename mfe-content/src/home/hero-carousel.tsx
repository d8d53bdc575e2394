import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link } from '@metrology/shared/router';
import { HERO_INTERVAL_MS } from '@metrology/shared';
import { useReducedMotion } from '../ui/use-reduced-motion';
import { HERO_SLIDES } from './hero-slides';

/**
 * The home page's slideshow, an accessible carousel (WAI-ARIA APG): it advances every 6 s, stops while the
 * pointer or keyboard focus is inside it, has a pause button, and never moves by itself for reduced motion.
 */
/** Milliseconds since the page began (performance.now), 0 where there is no clock. */
const now = () => (typeof performance === 'undefined' ? 0 : performance.now());

export function HeroCarousel() {
  const slidesId = useId();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = playing && !reducedMotion && !hovered && !focused;
  const count = HERO_SLIDES.length;

  // When the first slide began showing: with the page itself when the server rendered it (the shopper has watched
  // it since, however late the script hydrated it), else now (mounted by a navigation inside the shop).
  const [firstShownAt] = useState(() =>
    typeof document !== 'undefined' && document.querySelector('.content-hero') ? 0 : now(),
  );
  const firstRun = useRef(true);

  useEffect(() => {
    const first = firstRun.current;
    firstRun.current = false;
    if (!rotating) return;
    // Keyed on index too: a dot click restarts the full interval from the slide it chose, as does a resume.
    const shownFor = first ? now() - firstShownAt : 0;
    const timer = setTimeout(
      () => setIndex((current) => (current + 1) % count),
      Math.max(0, HERO_INTERVAL_MS - shownFor),
    );
    return () => clearTimeout(timer);
  }, [rotating, index, count, firstShownAt]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className="content-hero"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div id={slidesId} className="content-hero__slides" aria-live={rotating ? 'off' : 'polite'}>
        {HERO_SLIDES.map((slide, i) => (
          <div
            key={slide.title}
            className="content-hero__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${slide.title}`}
            hidden={i !== index}
          >
            <img
              className="content-hero__image"
              src={slide.image}
              alt={slide.imageAlt}
              width={1600}
              height={640}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              // The first slide is the page's largest paint: decoded with its frame, not after it.
              decoding={i === 0 ? 'auto' : 'async'}
            />
            <div className="content-hero__text ms-container">
              <h2 className="content-hero__title">{slide.title}</h2>
              <p>{slide.text}</p>
              <div className="content-hero__actions">
                <Link to="/products" className="ms-button content-hero__primary">
                  Explore Products
                </Link>
                <Link to="/contact" className="ms-button ms-button--ghost content-hero__secondary">
                  Contact Us
                </Link>
              </div>
            </div>
          </div>
        ))}
      </div>
      <div className="content-hero__controls ms-container">
        {reducedMotion ? null : (
          <button
            type="button"
            className="content-hero__pause"
            aria-controls={slidesId}
            onClick={() => setPlaying((value) => !value)}
          >
            {playing ? 'Pause slideshow' : 'Play slideshow'}
          </button>
        )}
        <div className="content-hero__dots" role="group" aria-label="Choose a slide">
          {HERO_SLIDES.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              className="content-hero__dot"
              aria-label={`Slide ${i + 1}: ${slide.title}`}
              aria-current={i === index ? 'true' : undefined}
              aria-controls={slidesId}
              onClick={() => setIndex(i)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
