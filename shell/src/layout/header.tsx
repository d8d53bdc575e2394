import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, NavLink, useLocation } from '@metrology/shared/router';
import { BRAND_NAME } from '@metrology/shared';
import logoUrl from '../assets/logo.svg';
import { HeaderSearch } from '../search/header-search';
import { CartLink } from './cart-link';
import { NavDropdown } from './nav-dropdown';
import { COMPANY_ENTRIES, COMPANY_MENU_ENTRIES, isWithin } from './navigation';
import { UserMenu } from './user-menu';
import { useDismiss } from './use-dismiss';
import { useScrolledPast } from './use-scrolled';

const navLinkClass = ({ isActive }: { isActive: boolean }) => `shell-nav__link${isActive ? ' active' : ''}`;

/** The bar on every page: logo, navigation (a panel on small screens), Contact Us, cart and account. */
export function Header() {
  const scrolled = useScrolledPast();
  const { pathname } = useLocation();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  // The mobile menu closes on every route change (SPEC section 2).
  const [seenLocation, setSeenLocation] = useState(location);
  if (seenLocation !== location) {
    setSeenLocation(location);
    setMenuOpen(false);
  }
  useDismiss(bar, menuOpen, () => setMenuOpen(false), menuButton);

  // The panel comes before the button in the page, so the focus moves into it on opening.
  const toggleMenu = () => {
    if (menuOpen) {
      setMenuOpen(false);
      return;
    }
    flushSync(() => setMenuOpen(true));
    nav.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  };

  return (
    <header className={`shell-header${scrolled ? ' shell-header--scrolled' : ''}`} data-boundary="shell">
      <div className="shell-header__bar ms-container" ref={bar}>
        <Link to="/" className="shell-header__logo" aria-label={`${BRAND_NAME} home`}>
          <img src={logoUrl} alt="" width={40} height={40} />
          <span className="shell-header__brand">{BRAND_NAME}</span>
        </Link>
        <nav
          ref={nav}
          id="shell-main-nav"
          aria-label="Main"
          className={`shell-nav${menuOpen ? ' shell-nav--open' : ''}`}
        >
          <ul className="shell-nav__list">
            <li>
              <NavLink to="/" end className={navLinkClass}>
                Home
              </NavLink>
            </li>
            <li>
              <NavDropdown
                label="Products"
                entries={COMPANY_ENTRIES}
                allLinks={[
                  { to: '/collection', label: 'Browse the collection' },
                  { to: '/products', label: 'All products' },
                ]}
                active={isWithin(pathname, ['/products', '/product', '/collection'])}
                wide
              />
            </li>
            <li>
              <NavLink to="/calibration" className={navLinkClass}>
                Calibration Facilities
              </NavLink>
            </li>
            <li>
              <NavLink to="/clients" className={navLinkClass}>
                Clients
              </NavLink>
            </li>
            <li>
              <NavDropdown
                label="Company"
                entries={COMPANY_MENU_ENTRIES}
                active={isWithin(pathname, ['/about', '/testimonial', '/news'])}
              />
            </li>
            <li>
              <NavLink to="/careers" className={navLinkClass}>
                Careers
              </NavLink>
            </li>
            {/* On phones the bar has no room for the Contact Us button: it moves into the menu. */}
            <li className="shell-nav__contact">
              <Link to="/contact" className="ms-button">
                Contact Us
              </Link>
            </li>
          </ul>
        </nav>
        <HeaderSearch />
        <div className="shell-header__actions">
          <Link to="/contact" className="ms-button shell-header__contact">
            Contact Us
          </Link>
          <CartLink />
          <UserMenu />
          <button
            ref={menuButton}
            type="button"
            className="shell-icon-button shell-header__menu-button"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls="shell-main-nav"
            onClick={toggleMenu}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              {menuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path
                  d="M4 7h16M4 12h16M4 17h16"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              )}
            </svg>
          </button>
        </div>
      </div>
    </header>
  );
}
