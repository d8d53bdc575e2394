import { Link } from '@metrology/shared/router';
import { BRAND_NAME, FactList, usePageHead, type Fact } from '@metrology/shared';
import workshop from '../assets/about/workshop.svg';
import '../styles';

/** The eight business activities of the group. */
const ACTIVITIES: readonly { title: string; text: string }[] = [
  {
    title: 'Manufacturing',
    text: 'Tespa height gauges, video measuring machines and coordinate measuring machines, built and tested in India.',
  },
  {
    title: 'Import',
    text: 'Direct import of Sylvac, Mahr and SCANTECH 3D instruments with full documentation and warranty.',
  },
  {
    title: 'Distribution',
    text: 'Stock and delivery of hand tools, gauges and metrology systems to industry across India.',
  },
  {
    title: 'Calibration',
    text: 'NABL-accredited (ISO/IEC 17025) dimensional calibration in our laboratories and on your site.',
  },
  {
    title: 'Gauging Solutions',
    text: 'In-process and post-process gauging systems for grinders, lathes and assembly lines.',
  },
  {
    title: '3D Scanning',
    text: 'Scanning, reverse engineering and inspection services with portable 3D scanners.',
  },
  {
    title: 'Service and Repair',
    text: 'Installation, repair, spare parts and annual maintenance contracts for every instrument we sell.',
  },
  {
    title: 'Training',
    text: 'Courses and seminars on GD&T, CMM programming and good measurement practice.',
  },
];

const DETAILS: readonly Fact[] = [
  { term: 'Established', detail: '1983' },
  { term: 'Nature of business', detail: 'Manufacturer, Importer and Distributor' },
  { term: 'Locations', detail: 'Chennai, Bangalore, Coimbatore' },
  { term: 'Employees', detail: '50-100' },
];

export default function AboutPage() {
  usePageHead({
    title: 'About Us',
    description: `${BRAND_NAME}: manufacturing, import and distribution of measuring instruments, NABL calibration, gauging, 3D scanning, service and training.`,
    canonicalPath: '/about',
  });
  return (
    <div className="ms-page content-about">
      <h1>About Us</h1>
      <section className="content-about__story" aria-labelledby="content-story-title">
        <div>
          <h2 id="content-story-title">Our story</h2>
          <p>
            {BRAND_NAME} began in 1983 as a small supplier of measuring tools to the tool rooms of Chennai.
            Customers kept asking us for instruments they could not find in India, so we started importing
            them, and then for someone to check that those instruments still measured true, so we built our
            first calibration laboratory.
          </p>
          <p>
            Four decades on we design and manufacture our own Tespa height gauges, vision systems and CMMs,
            represent leading European makers, and run NABL-accredited laboratories in Chennai, Bangalore and
            Coimbatore. More than 5,000 customers in automotive, aerospace, general engineering and
            electronics trust us with the measurements their quality depends on.
          </p>
          <p>
            Our promise has not changed since the first day: the right instrument for the job, honest advice,
            and support for as long as the instrument is in use.
          </p>
        </div>
        <img
          src={workshop}
          alt="Illustration of the group's first workshop beside its present-day offices, marked 1983"
          width={720}
          height={480}
          className="content-about__image"
        />
      </section>

      <section aria-labelledby="content-activities-title">
        <h2 id="content-activities-title">What we do</h2>
        <ol className="content-activities">
          {ACTIVITIES.map((activity) => (
            <li key={activity.title} className="content-card">
              <h3>{activity.title}</h3>
              <p>{activity.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="content-details-title">
        <h2 id="content-details-title">Company details</h2>
        <FactList facts={DETAILS} className="content-details" itemClassName="content-details__item" />
        <p>
          <Link to="/contact">Contact us</Link> to visit one of our offices or laboratories.
        </p>
      </section>
    </div>
  );
}
