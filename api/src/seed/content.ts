// Careers openings, testimonials and news the dashboard calls serve (SPEC section 3).
import type { JobOpening, NewsItem, Testimonial } from '@metrology/shared';

export const JOB_OPENINGS: readonly Omit<JobOpening, '_id'>[] = [
  {
    title: 'Sales Engineer - Metrology Instruments',
    location: 'Chennai',
    qualification: 'B.E. / Diploma in Mechanical or Production Engineering',
    description:
      'Grow our instrument business with automotive and engineering customers in Tamil Nadu: demonstrate height gauges, video measuring machines and CMMs, and turn enquiries into orders.',
    responsibilities: [
      'Visit customers and run product demonstrations on their parts',
      'Prepare techno-commercial offers and follow them up to the order',
      'Build relationships with quality and purchase departments',
      'Report visits and forecasts in the CRM every week',
    ],
    requirements: [
      '2-5 years of sales experience in measuring instruments or machine tools',
      'Good knowledge of GD&T and inspection practice',
      'Fluent in English and Tamil; willing to travel',
      'Two-wheeler with a valid licence',
    ],
  },
  {
    title: 'Calibration Engineer (NABL Laboratory)',
    location: 'Bangalore',
    qualification: 'B.E. Mechanical or M.Sc. Physics',
    description:
      'Calibrate dimensional instruments in our ISO/IEC 17025 accredited laboratory and on customer sites, and keep the records that our accreditation depends on.',
    responsibilities: [
      'Calibrate calipers, micrometers, gauges and height gauges to documented procedures',
      'Estimate measurement uncertainty and issue certificates',
      'Maintain reference standards and their traceability',
      'Support internal audits and NABL assessments',
    ],
    requirements: [
      '1-3 years in a calibration laboratory',
      'Working knowledge of ISO/IEC 17025',
      'Careful, methodical and good with spreadsheets',
    ],
  },
  {
    title: 'CMM Application Engineer',
    location: 'Pune',
    qualification: 'B.E. / B.Tech in Mechanical Engineering',
    description:
      'Install coordinate measuring machines, train customers and write CNC part programs that turn drawings into reliable inspection reports.',
    responsibilities: [
      'Install and commission CMMs and vision systems at customer sites',
      'Write and optimise part programs from CAD models',
      'Train operators and programmers',
      'Run application trials for new enquiries',
    ],
    requirements: [
      '3+ years of CMM programming (PC-DMIS, Calypso or similar)',
      'Strong GD&T (ASME Y14.5 / ISO GPS)',
      'Willing to travel across western India',
    ],
  },
  {
    title: 'Service Technician - Gauging Systems',
    location: 'Coimbatore',
    qualification: 'Diploma in Electronics or Mechatronics',
    description:
      'Keep in-process and post-process gauging systems running at pump, foundry and automotive plants across Tamil Nadu and Kerala.',
    responsibilities: [
      'Install, repair and calibrate gauging systems on grinders and lathes',
      'Diagnose electronic and pneumatic faults',
      'Keep service reports and spare-parts records',
    ],
    requirements: [
      '1-4 years of field service experience',
      'Basic PLC and sensor knowledge',
      'Customer-friendly and self-driven',
    ],
  },
  {
    title: 'Inside Sales Coordinator',
    location: 'Chennai',
    qualification: 'Any graduate; MBA preferred',
    description:
      'Be the voice of the company for enquiries from the web site and phone: qualify leads, prepare quotations and keep orders moving until delivery.',
    responsibilities: [
      'Answer web and phone enquiries within one working day',
      'Prepare quotations and proforma invoices',
      'Coordinate dispatch, payments and documentation',
    ],
    requirements: [
      '1-2 years in inside sales or customer service',
      'Excellent written English',
      'Comfortable with ERP and CRM tools',
    ],
  },
];

export const TESTIMONIALS: readonly Omit<Testimonial, '_id'>[] = [
  {
    name: 'R. Karthikeyan',
    position: 'Quality Manager, Sundaram Precision Components, Chennai',
    content:
      'The Spectra CMM was installed and our programmers were trained within a week. Inspection of a transmission housing went from three hours on the surface plate to twenty minutes, and the calibration team visits us every year without fail.',
    stars: 5,
    videoUrl: 'https://www.youtube-nocookie.com/embed/Xq3mZ7tRk2E',
    image: ['/images/testimonials/karthikeyan.svg'],
  },
  {
    name: 'Priya Venkatesh',
    position: 'Head of Metrology, AeroDyn Systems, Bangalore',
    content:
      'We calibrate more than 2,000 instruments a year through their Bangalore laboratory. Certificates are clear, turnaround is predictable, and the team explains every out-of-tolerance result.',
    stars: 5,
    videoUrl: '',
    image: ['/images/testimonials/priya-venkatesh.svg'],
  },
  {
    name: 'Suresh Patil',
    position: 'Plant Head, Deccan Forgings, Pune',
    content:
      'The post-process measuring station on our crankshaft line sends offsets straight to the lathes. Scrap on the main journals dropped by more than half in the first quarter.',
    stars: 4,
    videoUrl: 'https://www.youtube-nocookie.com/embed/pL8vN4cW1sA',
    image: ['/images/testimonials/suresh-patil.svg'],
  },
  {
    name: 'Anitha Raman',
    position: 'Tool Room In-charge, Kovai Pumps, Coimbatore',
    content:
      'Sylvac calipers and micrometers with Bluetooth have removed manual writing from our first-off inspection. The local service engineer is always a phone call away.',
    stars: 5,
    videoUrl: '',
    image: ['/images/testimonials/anitha-raman.svg'],
  },
  {
    name: 'Mohammed Irfan',
    position: 'Design Engineer, Orbit Moulds & Dies, Hosur',
    content:
      'With the SCANTECH scanner we reverse-engineer worn dies in a day. The demo on our own part convinced us; the training was practical and patient.',
    stars: 4,
    videoUrl: 'https://www.youtube-nocookie.com/embed/M7dK2rTq9bY',
    image: ['/images/testimonials/mohammed-irfan.svg'],
  },
  {
    name: 'Deepa Krishnan',
    position: 'Supplier Quality Lead, Nova Auto Electricals, Chennai',
    content:
      'Their video measuring machine handles our small stampings and connector pins with ease. Reports go to customers directly from the software.',
    stars: 5,
    videoUrl: '',
    image: ['/images/testimonials/deepa-krishnan.svg'],
  },
  {
    name: 'Vikram Singh',
    position: 'Production Manager, Precitech Bearings, Pune',
    content:
      'The in-process gauges on our grinders paid for themselves in eight months. Good product, better after-sales support.',
    stars: 4,
    videoUrl: '',
    image: ['/images/testimonials/vikram-singh.svg'],
  },
];

export const NEWS_ITEMS: readonly Omit<NewsItem, '_id'>[] = [
  {
    title: 'Meet us at IMTEX 2026, Bengaluru',
    description:
      'See the new Spectra CNC CMM, the VMM-3020 CNC vision system and live 3D scanning with SCANTECH at our stand in Hall 3. Our application engineers will measure your sample parts on the spot.',
    category: 'Exhibition',
    date: '2026-01-22',
    time: '10:00 AM - 6:00 PM',
    location: 'Bangalore International Exhibition Centre, Hall 3, Stand B112',
    image: ['/images/news/exhibition-stand.svg', '/images/news/live-demo.svg'],
  },
  {
    title: 'Coimbatore laboratory renews NABL accreditation',
    description:
      'After a four-day assessment our Coimbatore laboratory has renewed its ISO/IEC 17025 accreditation and extended its scope to thread gauges up to M100.',
    category: 'Company News',
    date: '2025-11-05',
    time: '',
    location: '',
    image: ['/images/news/nabl-accreditation.svg'],
  },
  {
    title: 'Free seminar: GD&T for inspection engineers',
    description:
      'A one-day seminar on reading and measuring geometric tolerances with height gauges, CMMs and vision systems. Lunch and certificate included; seats are limited.',
    category: 'Seminar',
    date: '2025-12-13',
    time: '9:30 AM - 4:30 PM',
    location: 'Hotel Residency, Guindy, Chennai',
    image: ['/images/news/seminar.svg'],
  },
  {
    title: 'Mobile calibration van now covers Kerala',
    description:
      'Our second mobile calibration laboratory now serves customers in Kochi, Palakkad and Thrissur, calibrating CMMs, height gauges and hand tools on site.',
    category: 'Services',
    date: '2025-09-18',
    time: '',
    location: 'Kochi, Palakkad and Thrissur',
    image: ['/images/news/mobile-calibration.svg'],
  },
  {
    title: 'New Tespa VMM-5040 CNC large-format vision system',
    description:
      'The VMM-5040 CNC brings a 500 x 400 mm stage and multi-sensor measurement to PCB and sheet-metal makers. Demonstrations are available in Chennai and Pune.',
    category: 'Product Launch',
    date: '2025-08-04',
    time: '',
    location: '',
    image: ['/images/news/product-launch.svg', '/images/news/live-demo.svg'],
  },
  {
    title: 'EMO Hannover 2025: our team visits the world of metrology',
    description:
      'Our engineers joined partners Sylvac and Mahr at EMO Hannover to bring back the latest in wireless gauging and surface metrology for Indian customers.',
    category: 'Exhibition',
    date: '2025-09-22',
    time: '9:00 AM - 6:00 PM',
    location: 'Hannover Exhibition Grounds, Germany',
    image: ['/images/news/exhibition-stand.svg'],
  },
  {
    title: 'Forty-two years of precision',
    description:
      'Founded in 1983 as a small tool-room supplier in Chennai, the group today serves more than 5,000 customers in 20 countries with instruments, gauging and calibration.',
    category: 'Company News',
    date: '2025-06-01',
    time: '',
    location: '',
    image: ['/images/news/anniversary.svg'],
  },
];
