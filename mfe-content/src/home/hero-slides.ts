import precisionMetrology from '../assets/hero/precision-metrology.svg';
import coordinateMeasuring from '../assets/hero/coordinate-measuring.svg';
import industrialQuality from '../assets/hero/industrial-quality.svg';

export interface HeroSlide {
  title: string;
  text: string;
  image: string;
  imageAlt: string;
}

/** The three slides of the home page (SPEC section 2, Home). */
export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    title: 'Precision Metrology',
    text: 'Height gauges, calipers, micrometers and gauging systems that hold microns, backed by NABL-accredited calibration since 1983.',
    image: precisionMetrology,
    imageAlt: 'Illustration of a digital height gauge measuring a machined part on a granite surface plate',
  },
  {
    title: 'Coordinate Measuring',
    text: 'Bridge CMMs, video measuring machines and 3D scanners that turn drawings into reliable inspection reports.',
    image: coordinateMeasuring,
    imageAlt: 'Illustration of a bridge-type coordinate measuring machine probing a part',
  },
  {
    title: 'Industrial Quality',
    text: 'In-process gauging, statistical control and on-site calibration that keep production lines inside tolerance.',
    image: industrialQuality,
    imageAlt: 'Illustration of a quality dashboard with a control chart inside its tolerance band',
  },
];
