import chennaiLab from '../assets/calibration/chennai-lab.svg';
import chennaiGauges from '../assets/calibration/chennai-gauges.svg';
import bangaloreLab from '../assets/calibration/bangalore-lab.svg';
import bangalorePressure from '../assets/calibration/bangalore-pressure.svg';
import coimbatoreLab from '../assets/calibration/coimbatore-lab.svg';
import coimbatoreRoughness from '../assets/calibration/coimbatore-roughness.svg';
import mobileVan from '../assets/calibration/mobile-van.svg';
import mobileOnsite from '../assets/calibration/mobile-onsite.svg';

export interface CentrePhoto {
  src: string;
  alt: string;
}

export interface CalibrationCentre {
  key: string;
  name: string;
  /** None for the mobile laboratory. */
  established?: number;
  description: string;
  services: string[];
  photos: [CentrePhoto, CentrePhoto];
  /** The NABL certificate is shown for every laboratory but the mobile one. */
  nablAccredited: boolean;
}

export const PHOTO_WIDTH = 800;
export const PHOTO_HEIGHT = 520;

/** SPEC section 2, Calibration: the four tabs. */
export const CALIBRATION_CENTRES: readonly CalibrationCentre[] = [
  {
    key: 'chennai',
    name: 'Chennai',
    established: 1995,
    description:
      'Our first NABL-accredited (ISO/IEC 17025) laboratory: dimensional calibration of gauges, calipers, micrometers, height gauges, slip gauges and CMM probing systems in a temperature-controlled room (20 ± 1 °C).',
    services: [
      'Slip gauges and gauge blocks',
      'Calipers, micrometers and dial gauges',
      'Height gauges',
      'CMM probing',
    ],
    photos: [
      {
        src: chennaiLab,
        alt: 'Chennai laboratory: a technician beside a height gauge on a granite table, room at 20.0 °C',
      },
      {
        src: chennaiGauges,
        alt: 'Chennai laboratory: gauge cabinet and a micrometer being calibrated against gauge blocks',
      },
    ],
    nablAccredited: true,
  },
  {
    key: 'bangalore',
    name: 'Bangalore',
    established: 2004,
    description:
      'NABL-accredited dimensional and pressure calibration serving the aerospace and automotive clusters of Peenya and Hosur, with gauge-block comparators and a length-measuring machine.',
    services: ['Length-measuring machine', 'Gauge-block comparison', 'Pressure gauges', 'CMM verification'],
    photos: [
      { src: bangaloreLab, alt: 'Bangalore laboratory: a coordinate measuring machine under verification' },
      {
        src: bangalorePressure,
        alt: 'Bangalore laboratory: pressure gauges and a cabinet of dimensional standards',
      },
    ],
    nablAccredited: true,
  },
  {
    key: 'coimbatore',
    name: 'Coimbatore',
    established: 2007,
    description:
      'NABL-accredited laboratory for pumps, foundry and textile-machinery makers: thread gauges, plain ring and plug gauges, dial indicators and surface-roughness standards.',
    services: [
      'Thread gauges',
      'Plain ring and plug gauges',
      'Dial indicators',
      'Surface-roughness standards',
    ],
    photos: [
      {
        src: coimbatoreLab,
        alt: 'Coimbatore laboratory: thread and plug gauges lined up on a granite table',
      },
      {
        src: coimbatoreRoughness,
        alt: 'Coimbatore laboratory: a surface-roughness tester showing a profile',
      },
    ],
    nablAccredited: true,
  },
  {
    key: 'mobile',
    name: 'Mobile Calibration',
    description:
      'A calibration van with traceable standards that visits your plant, so CMMs, video measuring machines, height gauges and large instruments are calibrated on site without downtime.',
    services: [
      'CMMs and vision systems',
      'Height gauges and surface plates',
      'Large and fixed instruments',
      'Hand tools in bulk',
    ],
    photos: [
      { src: mobileVan, alt: 'The mobile calibration van parked at a customer plant' },
      { src: mobileOnsite, alt: 'A technician calibrating a CMM on a customer shop floor' },
    ],
    nablAccredited: false,
  },
];
