import { useState } from 'react';
import { CLIENT_LOGOS, LOGO_HEIGHT, LOGO_WIDTH } from '../clients/client-logos';
import { useReducedMotion } from '../ui/use-reduced-motion';

/**
 * Client logos scrolling sideways. The second copy only closes the loop and is hidden from assistive
 * technology; a button stops the motion, hover and focus pause it, and reduced motion shows a still list.
 */
export function ClientMarquee() {
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const moving = !reducedMotion;
  const logos = (copy: 'first' | 'loop') =>
    CLIENT_LOGOS.map((client) => (
      <li key={`${copy}-${client.name}`} className="content-marquee__item">
        <img
          src={client.logo}
          alt={copy === 'first' ? client.name : ''}
          width={LOGO_WIDTH}
          height={LOGO_HEIGHT}
          loading="lazy"
          decoding="async"
        />
      </li>
    ));

  return (
    <section className="content-marquee" aria-labelledby="content-marquee-title">
      <div className="ms-container content-marquee__head">
        <h2 id="content-marquee-title">Trusted by industry leaders</h2>
        {moving ? (
          <button type="button" className="content-link-button" onClick={() => setPaused((value) => !value)}>
            {paused ? 'Play logos' : 'Pause logos'}
          </button>
        ) : null}
      </div>
      <div className={`content-marquee__viewport${moving ? ' content-marquee__viewport--moving' : ''}`}>
        <div className="content-marquee__track" data-paused={paused || undefined}>
          <ul className="content-marquee__list">{logos('first')}</ul>
          {moving ? (
            <ul className="content-marquee__list" aria-hidden="true">
              {logos('loop')}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}
