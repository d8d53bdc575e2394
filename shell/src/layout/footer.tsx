import { Link } from '@metrology/shared/router';
import { BRAND_NAME } from '@metrology/shared';
import { QrCode } from './qr-code';
import { TranslateWidget } from './translate-widget';

/** The head office the footer names (the contact page has every branch). */
export const HEAD_OFFICE = {
  address: ['No. 14, SIDCO Industrial Estate, Guindy', 'Chennai 600032, Tamil Nadu, India'],
  phone: '+91 44 2250 1983',
  email: 'sales@metrologyinstrumentsgroup.com',
  hours: 'Monday to Saturday, 9:30 am to 6:00 pm',
};

const QUICK_LINKS: readonly { to: string; label: string }[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/products', label: 'Products' },
  { to: '/calibration', label: 'Services' },
  { to: '/clients', label: 'Clients' },
  { to: '/careers', label: 'Careers' },
  { to: '/contact', label: 'Contact Us' },
];

export function Footer() {
  return (
    <footer className="shell-footer" data-boundary="shell">
      <div className="ms-container shell-footer__grid">
        <section aria-labelledby="shell-footer-about">
          <h2 id="shell-footer-about">{BRAND_NAME}</h2>
          <p>
            Established in 1983, {BRAND_NAME} makes, imports and distributes precision measuring instruments
            from Tespa, Inprocess Gauging, Sylvac, Mahr and SCANTECH 3D. Together with our group company we
            run NABL-accredited calibration laboratories in Chennai, Bangalore and Coimbatore.
          </p>
        </section>
        <nav aria-labelledby="shell-footer-links">
          <h2 id="shell-footer-links">Quick Links</h2>
          <ul className="shell-footer__links">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="shell-footer-contact">
          <h2 id="shell-footer-contact">Get in Touch</h2>
          <address className="shell-footer__contact">
            <span>
              {HEAD_OFFICE.address.map((line) => (
                <span key={line} className="shell-footer__line">
                  {line}
                </span>
              ))}
            </span>
            <a href={`tel:${HEAD_OFFICE.phone.replace(/\s/g, '')}`}>{HEAD_OFFICE.phone}</a>
            <a href={`mailto:${HEAD_OFFICE.email}`}>{HEAD_OFFICE.email}</a>
            <span>{HEAD_OFFICE.hours}</span>
          </address>
        </section>
        <section aria-labelledby="shell-footer-connect" className="shell-footer__connect">
          <h2 id="shell-footer-connect">Visit Us Online</h2>
          <QrCode />
          <TranslateWidget />
        </section>
      </div>
      <p className="shell-footer__copyright">
        © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
