import { FactList, usePageHead, type Fact } from '@metrology/shared';
import { CLIENT_LOGOS, CLIENT_SECTORS, LOGO_HEIGHT, LOGO_WIDTH } from '../clients/client-logos';
import '../styles';

const ACHIEVEMENTS: readonly Fact[] = [
  { term: 'Clients', detail: '5000+' },
  { term: 'Countries', detail: '20+' },
  { term: 'Years', detail: '40+' },
];

export default function ClientsPage() {
  usePageHead({
    title: 'Our Clients',
    description:
      'Manufacturers and laboratories that measure and calibrate with our instruments and services.',
    canonicalPath: '/clients',
  });
  return (
    <div className="ms-page content-clients">
      <h1>Our Clients</h1>
      <p className="content-lead">
        Quality teams in every kind of industry measure with our instruments and calibrate with our
        laboratories.
      </p>
      {CLIENT_SECTORS.map((sector) => (
        <section key={sector} className="content-sector" aria-labelledby={`content-sector-${sector}`}>
          <h2 id={`content-sector-${sector}`}>{sector}</h2>
          <ul className="content-logos">
            {CLIENT_LOGOS.filter((client) => client.sector === sector).map((client) => (
              <li key={client.name} className="content-logos__item">
                <img
                  src={client.logo}
                  alt={client.name}
                  width={LOGO_WIDTH}
                  height={LOGO_HEIGHT}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className="content-achievements" aria-labelledby="content-achievements-title">
        <h2 id="content-achievements-title">Our achievements</h2>
        <FactList
          facts={ACHIEVEMENTS}
          className="content-achievements__list"
          itemClassName="content-achievements__item"
        />
      </section>
    </div>
  );
}
