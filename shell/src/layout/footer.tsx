import { Link } from 'react-router-dom';
import { BRAND_NAME } from '@metrology/shared';

export function Footer() {
  return (
    <footer className="shell-footer">
      <div className="ms-container shell-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{BRAND_NAME}</h2>
          <p>
            Established in 1983, we make, import and distribute precision measuring instruments, with NABL
            accredited calibration, as part of a group of companies serving industry across India and beyond.
          </p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Quick links</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/about">About Us</Link>
            </li>
            <li>
              <Link to="/products">Products</Link>
            </li>
            <li>
              <Link to="/calibration">Services</Link>
            </li>
            <li>
              <Link to="/clients">Clients</Link>
            </li>
            <li>
              <Link to="/careers">Careers</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="shell-footer__copyright">
        © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
