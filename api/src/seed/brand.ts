// The shop's own facts, in one place: the chat, the seed and the sandbox pages read them from here.

/** SPEC writes {brand}; this is the name the API uses for it. */
export const BRAND = 'Metrology Instruments Group';
export const SALES_EMAIL = 'sales@metrologyinstrumentsgroup.com';
export const SUPPORT_EMAIL = 'support@metrologyinstrumentsgroup.com';
export const CALIBRATION_EMAIL = 'calibration@metrologyinstrumentsgroup.com';
export const CAREERS_EMAIL = 'careers@metrologyinstrumentsgroup.com';
export const ESTABLISHED_YEAR = 1983;

export interface Branch {
  city: string;
  address: string;
  phone: string;
  email: string;
}

export const BRANCHES: readonly Branch[] = [
  {
    city: 'Chennai',
    address: 'No. 14, SIDCO Industrial Estate, Guindy, Chennai 600032, Tamil Nadu',
    phone: '+91 44 2250 1983',
    email: 'chennai@metrologyinstrumentsgroup.com',
  },
  {
    city: 'Coimbatore',
    address: '221, Avinashi Road, Peelamedu, Coimbatore 641004, Tamil Nadu',
    phone: '+91 422 257 4420',
    email: 'coimbatore@metrologyinstrumentsgroup.com',
  },
  {
    city: 'Bangalore',
    address: '38, 2nd Phase, Peenya Industrial Area, Bengaluru 560058, Karnataka',
    phone: '+91 80 2839 6610',
    email: 'bangalore@metrologyinstrumentsgroup.com',
  },
  {
    city: 'Pune',
    address: 'Plot 72, MIDC Bhosari, Pune 411026, Maharashtra',
    phone: '+91 20 2712 3380',
    email: 'pune@metrologyinstrumentsgroup.com',
  },
];

export interface CalibrationCentre {
  name: string;
  established?: number;
  description: string;
}

export const CALIBRATION_CENTRES: readonly CalibrationCentre[] = [
  {
    name: 'Chennai',
    established: 1995,
    description:
      'Our first NABL-accredited (ISO/IEC 17025) laboratory: dimensional calibration of gauges, calipers, micrometers, height gauges, slip gauges and CMM probing systems in a temperature-controlled room (20 ± 1 °C).',
  },
  {
    name: 'Bangalore',
    established: 2004,
    description:
      'NABL-accredited dimensional and pressure calibration serving the aerospace and automotive clusters of Peenya and Hosur, with gauge-block comparators and a length-measuring machine.',
  },
  {
    name: 'Coimbatore',
    established: 2007,
    description:
      'NABL-accredited laboratory for pumps, foundry and textile-machinery makers: thread gauges, plain ring and plug gauges, dial indicators and surface-roughness standards.',
  },
  {
    name: 'Mobile Calibration',
    description:
      'A calibration van with traceable standards that visits your plant, so CMMs, video measuring machines, height gauges and large instruments are calibrated on site without downtime.',
  },
];
