import { Link } from '@metrology/shared/router';
import { COUNTER_ANIMATION_MS } from '@metrology/shared';
import { useReducedMotion } from '../ui/use-reduced-motion';
import { useProgress, useSeenOnce } from './use-count-up';

interface GroupCard {
  title: string;
  text: string;
  to: string;
  linkText: string;
  icon: 'products' | 'calibration' | 'precision';
}

const CARDS: readonly GroupCard[] = [
  {
    title: 'Products',
    text: 'Tespa height gauges, video measuring machines and CMMs of our own make, with Sylvac, Mahr, SCANTECH 3D and Inprocess Gauging instruments we import and distribute.',
    to: '/products',
    linkText: 'Browse products',
    icon: 'products',
  },
  {
    title: 'Calibration',
    text: 'NABL-accredited laboratories in Chennai, Bangalore and Coimbatore and a mobile laboratory that calibrates your instruments on site.',
    to: '/calibration',
    linkText: 'See calibration facilities',
    icon: 'calibration',
  },
  {
    title: 'Precision',
    text: 'Application engineering, in-process gauging and 3D scanning that help your plant measure faster and hold tighter tolerances.',
    to: '/products?company=Inprocess%20Gauging',
    linkText: 'Explore gauging solutions',
    icon: 'precision',
  },
];

/** SPEC section 9: the counters, shown with a plus sign. */
export const COUNTERS: readonly { value: number; label: string }[] = [
  { value: 40, label: 'Years of experience' },
  { value: 5000, label: 'Happy clients' },
  { value: 5, label: 'Locations' },
  { value: 10000, label: 'Products' },
];

const ICONS: Record<GroupCard['icon'], string> = {
  products: 'M4 20h16v-2H4zM7 16h3V4H7zm5 0h5v-3h-5zm0-5h5V8h-5z',
  calibration: 'M12 3a9 9 0 1 0 9 9h-2a7 7 0 1 1-7-7zm0 4v5l4 2 .9-1.8-2.9-1.4V7z',
  precision: 'M11 2h2v4h-2zm0 16h2v4h-2zM2 11h4v2H2zm16 0h4v2h-4zM12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
};

function Counter({ value, label, progress }: { value: number; label: string; progress: number }) {
  const shown = Math.round(value * progress);
  return (
    <div className="content-counter">
      <dt className="content-counter__label">{label}</dt>
      <dd className="content-counter__value">
        {/* The moving number is for the eye; assistive technology reads the final figure once. */}
        <span aria-hidden="true" data-testid="counter-value">
          {shown}+
        </span>
        <span className="ms-visually-hidden">{value}+</span>
      </dd>
    </div>
  );
}

/** The group-of-companies section: three cards and counters that count up once when scrolled into view. */
export function GroupCompanies() {
  const reducedMotion = useReducedMotion();
  const [statsRef, seen] = useSeenOnce<HTMLDListElement>();
  const animated = useProgress(seen && !reducedMotion, COUNTER_ANIMATION_MS);
  const progress = reducedMotion ? 1 : animated;

  return (
    <section className="content-group" aria-labelledby="content-group-title">
      <div className="ms-container">
        <h2 id="content-group-title">Our Group of Companies</h2>
        <p className="content-lead">
          One group, three strengths: instruments, calibration and precision engineering under one roof since
          1983.
        </p>
        <ul className="content-group__cards">
          {CARDS.map((card) => (
            <li key={card.title} className="content-card">
              <svg
                className="content-card__icon"
                viewBox="0 0 24 24"
                width="40"
                height="40"
                aria-hidden="true"
              >
                <path fill="currentColor" d={ICONS[card.icon]} />
              </svg>
              <h3>{card.title}</h3>
              <p>{card.text}</p>
              <Link to={card.to} className="content-card__link">
                {card.linkText}
              </Link>
            </li>
          ))}
        </ul>
        <dl ref={statsRef} className="content-counters">
          {COUNTERS.map((counter) => (
            <Counter key={counter.label} {...counter} progress={progress} />
          ))}
        </dl>
      </div>
    </section>
  );
}
