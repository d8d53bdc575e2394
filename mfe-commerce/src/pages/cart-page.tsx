import { useEffect, useRef } from 'react';
import { Link, useNavigate } from '@metrology/shared/router';
import {
  LoadError,
  clearCart,
  errorMessage,
  loginDialogOpened,
  notify,
  selectIsIndianUser,
  selectLoginDialogOpen,
  selectToken,
  useAppDispatch,
  useAppSelector,
  usePageHead,
} from '@metrology/shared';
import { CartRow } from '../features/cart/cart-row';
import { CartSkeleton } from '../features/cart/cart-skeleton';
import { CartSummary } from '../features/cart/cart-summary';
import { useCartLines } from '../features/cart/use-cart-lines';
import { useQuantityChanger } from '../features/cart/use-quantity-changer';
import { COMMERCE_FALLBACKS, COMMERCE_MESSAGES } from '../messages';
import { OrderingUnavailable } from '../ui/ordering-unavailable';
import '../styles';

export default function CartPage() {
  usePageHead({
    title: 'Your Cart',
    description: 'The instruments in your cart, their quantities and the order total before checkout.',
  });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const isIndianUser = useAppSelector(selectIsIndianUser);
  const cart = useCartLines();
  const changeQuantity = useQuantityChanger();
  const heading = useRef<HTMLHeadingElement>(null);
  // After a row or the whole cart goes away, the focus moves to the page heading instead of being lost.
  const focusHeading = useRef(false);
  // A guest who pressed Proceed to Checkout and then signs in goes on to checkout without a second click.
  const loginDialogOpen = useAppSelector(selectLoginDialogOpen);
  const checkoutAfterLogin = useRef(false);
  useEffect(() => {
    if (!checkoutAfterLogin.current) return;
    if (token) {
      checkoutAfterLogin.current = false;
      navigate('/place-order');
    } else if (!loginDialogOpen) {
      // The dialog was closed without signing in: the intent ends there.
      checkoutAfterLogin.current = false;
    }
  }, [token, loginDialogOpen, navigate]);

  useEffect(() => {
    if (cart.error) notify.error(errorMessage(cart.error, COMMERCE_FALLBACKS.productsFailed));
  }, [cart.error]);

  useEffect(() => {
    if (focusHeading.current && heading.current) {
      focusHeading.current = false;
      heading.current.focus();
    }
  });

  if (isIndianUser) return <OrderingUnavailable title="Your Cart" />;

  // A cart that is reloading (say, just after signing in) keeps showing its rows instead of a placeholder.
  if (cart.loading && cart.lines.length === 0) {
    return (
      <div className="ms-page commerce-cart">
        <h1>Your Cart</h1>
        <CartSkeleton />
      </div>
    );
  }

  if (cart.count === 0) {
    return (
      <div className="ms-page commerce-cart commerce-empty">
        <svg className="commerce-empty__icon" viewBox="0 0 24 24" width="64" height="64" aria-hidden="true">
          <path
            fill="currentColor"
            d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14h9.9a2 2 0 0 0 1.8-1.1L22 6H5.2L4.3 4H1v2h2l3.6 7.6L5.2 16H19v-2H7.2z"
          />
        </svg>
        <h1 ref={heading} tabIndex={-1}>
          Your Cart is Empty
        </h1>
        <p>
          Looks like you haven&apos;t added any instruments yet. Browse our catalogue to find what you need.
        </p>
        <Link to="/products" className="ms-button">
          Browse Products
        </Link>
      </div>
    );
  }

  const changeLine = (itemId: string, quantity: number) => {
    if (quantity === 0) focusHeading.current = true;
    changeQuantity(itemId, quantity);
  };

  const removeUnavailable = () => {
    focusHeading.current = true;
    for (const id of cart.missingIds) changeQuantity(id, 0);
  };

  const clearAll = async () => {
    focusHeading.current = true;
    if (await dispatch(clearCart())) notify.success(COMMERCE_MESSAGES.cartCleared);
  };

  const proceedToCheckout = () => {
    if (!token) {
      notify.info(COMMERCE_MESSAGES.loginToCheckout);
      checkoutAfterLogin.current = true;
      dispatch(loginDialogOpened());
      return;
    }
    navigate('/place-order');
  };

  return (
    <div className="ms-page commerce-cart">
      <h1 ref={heading} tabIndex={-1}>
        Your Cart
      </h1>
      {cart.error ? (
        <LoadError
          className="commerce-alert"
          variant="ghost"
          message={errorMessage(cart.error, COMMERCE_FALLBACKS.productsFailed)}
          onRetry={cart.retry}
          actions={
            <button type="button" className="ms-button ms-button--danger" onClick={() => void clearAll()}>
              Clear Cart
            </button>
          }
        />
      ) : (
        <div className="commerce-cart__layout">
          <div className="commerce-cart__items">
            {cart.missingIds.length > 0 ? (
              <div className="commerce-alert">
                <p>Some items in your cart are no longer available.</p>
                <button type="button" className="ms-button ms-button--ghost" onClick={removeUnavailable}>
                  Remove unavailable items
                </button>
              </div>
            ) : null}
            <ul className="commerce-lines" aria-label="Items in your cart">
              {cart.lines.map((line) => (
                <CartRow key={line.product._id} line={line} onQuantityChange={changeLine} />
              ))}
            </ul>
            <div className="commerce-cart__actions">
              <Link to="/products" className="ms-button ms-button--ghost">
                Continue Shopping
              </Link>
              <button type="button" className="ms-button ms-button--danger" onClick={() => void clearAll()}>
                Clear Cart
              </button>
            </div>
          </div>
          <CartSummary subtotal={cart.subtotal} onCheckout={proceedToCheckout} />
        </div>
      )}
    </div>
  );
}
