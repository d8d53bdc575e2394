import { Link } from '@metrology/shared/router';
import { selectCartCount, selectIsIndianUser, useAppSelector } from '@metrology/shared';

/** The cart icon with its badge: the sum of positive quantities. Indian users have no cart (SPEC section 6). */
export function CartLink() {
  const count = useAppSelector(selectCartCount);
  const isIndianUser = useAppSelector(selectIsIndianUser);
  if (isIndianUser) return null;
  return (
    <Link
      to="/cart"
      className="shell-icon-button shell-cart"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14h9.9a2 2 0 0 0 1.8-1.1L22 6H5.2L4.3 4H1v2h2l3.6 7.6L5.2 16H19v-2H7.2z"
        />
      </svg>
      {count > 0 ? (
        <span className="shell-cart__badge" data-testid="cart-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
