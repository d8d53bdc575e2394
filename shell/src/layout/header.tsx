import { Link, NavLink } from 'react-router-dom';
import { BRAND_NAME, selectCartCount, selectIsIndianUser, useAppSelector } from '@metrology/shared';
import logoUrl from '../assets/logo.svg';

const NAV: { to: string; label: string }[] = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/calibration', label: 'Calibration Facilities' },
  { to: '/clients', label: 'Clients' },
  { to: '/about', label: 'About' },
  { to: '/careers', label: 'Careers' },
];

export function Header() {
  const count = useAppSelector(selectCartCount);
  const isIndianUser = useAppSelector(selectIsIndianUser);
  return (
    <header className="shell-header">
      <div className="shell-header__bar ms-container">
        <Link to="/" className="shell-header__logo" aria-label={`${BRAND_NAME} home`}>
          <img src={logoUrl} alt="" width={36} height={36} />
          <span>{BRAND_NAME}</span>
        </Link>
        <nav aria-label="Main">
          <ul className="shell-nav">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="shell-header__actions">
          {isIndianUser ? null : (
            <Link
              to="/cart"
              className="shell-cart"
              aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14h9.9a2 2 0 0 0 1.8-1.1L22 6H5.2L4.3 4H1v2h2l3.6 7.6L5.2 16H19v-2H7.2z"
                />
              </svg>
              {count > 0 ? (
                <span className="shell-cart__badge" data-testid="cart-badge">
                  {count}
                </span>
              ) : null}
            </Link>
          )}
          <Link to="/contact" className="ms-button">
            Contact Us
          </Link>
        </div>
      </div>
    </header>
  );
}
