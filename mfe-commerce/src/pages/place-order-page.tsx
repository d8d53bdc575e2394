import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@metrology/shared/router';
import {
  ADDRESS_MESSAGES,
  LoadError,
  LoginPrompt,
  Spinner,
  errorMessage,
  getRuntimeConfig,
  loginDialogOpened,
  notify,
  orderAmount,
  selectCartCount,
  selectCartStatus,
  selectIsIndianUser,
  selectToken,
  serverMessage,
  useAppDispatch,
  useAppSelector,
  useDomForm,
  usePageHead,
  type Address,
} from '@metrology/shared';
import { useGetAddressesQuery } from '../endpoints/get-addresses';
import type { OrderRequest } from '../endpoints/place-order';
import { useSaveAddressMutation } from '../endpoints/save-address';
import { useCartLines } from '../features/cart/use-cart-lines';
import {
  ADDRESS_FIELDS,
  EMPTY_ADDRESS,
  addressErrors,
  sameAddress,
} from '../features/checkout/address-fields';
import { AddressForm } from '../features/checkout/address-form';
import { CheckoutSummary } from '../features/checkout/checkout-summary';
import { PaymentMethods, chosenPaymentMethod } from '../features/checkout/payment-methods';
import { TestPaymentsNotice } from '../features/checkout/test-payments-notice';
import { SandboxPaymentDialog } from '../features/checkout/sandbox-payment-dialog';
import { SavedAddresses } from '../features/checkout/saved-addresses';
import { useOrderPlacement } from '../features/checkout/use-order-placement';
import { COMMERCE_FALLBACKS, COMMERCE_MESSAGES } from '../messages';
import { OrderingUnavailable } from '../ui/ordering-unavailable';
import '../styles';

export default function PlaceOrderPage() {
  usePageHead({
    title: 'Delivery Information',
    description: 'Where to deliver your order and how to pay for it.',
  });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const isIndianUser = useAppSelector(selectIsIndianUser);
  const cartStatus = useAppSelector(selectCartStatus);
  const cartCount = useAppSelector(selectCartCount);
  const cart = useCartLines();
  const deliveryFee = getRuntimeConfig().deliveryFee;
  const placement = useOrderPlacement(token);

  const addressQuery = useGetAddressesQuery(token ?? '', { skip: !token });
  const addresses = useMemo(
    () => (token ? (addressQuery.data?.addresses ?? []) : []),
    [token, addressQuery.data],
  );
  const accountEmail = token ? (addressQuery.data?.accountEmail ?? '') : '';
  const [saveAddress, saveState] = useSaveAddressMutation();
  const [adding, setAdding] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The new address's values live in its fields (read with FormData when saved or ordered); it starts with the
  // account's e-mail (the shopper may change it). Back to the saved addresses, what was typed is kept for the
  // next Add New Address; a saved address mounts the next form afresh.
  const [keptAddress, setKeptAddress] = useState<Address | null>(null);
  const addressForm = useDomForm({
    initial: keptAddress ?? (accountEmail ? { ...EMPTY_ADDRESS, email: accountEmail } : EMPTY_ADDRESS),
    validate: addressErrors,
    order: ADDRESS_FIELDS.map(({ name }) => name),
  });
  const [addressFormKey, setAddressFormKey] = useState(0);
  const focusSelected = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // While the session is restored, the lines the server rendered from the cart's cookie stay on the page: the form
  // is not swapped for a spinner and back, which would put new elements in place of those the shopper may already
  // have pressed or typed into.
  const restoring = cartStatus === 'loading' && cart.lines.length > 0;
  // Place Order pressed while the cart or the saved addresses are still on their way (a press made as the page
  // showed, given back as it came live): the order goes once they are there, with the address chosen then, not
  // refused for an address the shopper already has.
  const placeWhenLoaded = useRef(false);
  const loadingForOrder = restoring || (Boolean(token) && addressQuery.isLoading);
  useEffect(() => {
    if (loadingForOrder || !placeWhenLoaded.current) return;
    placeWhenLoaded.current = false;
    formRef.current?.requestSubmit();
  }, [loadingForOrder]);

  const formMode = addresses.length === 0 || adding;

  // A returning buyer with one saved address has nothing to choose: it is selected.
  const onlyAddressId = addresses.length === 1 ? addresses[0]?._id : undefined;
  if (onlyAddressId && selectedId === null) setSelectedId(onlyAddressId);

  const cartEmpty =
    cartStatus === 'ready' && (cartCount === 0 || (!cart.loading && !cart.error && cart.lines.length === 0));

  // SPEC section 5: checkout with an empty cart sends the shopper back to the cart (but not after an order).
  const redirected = useRef(false);
  useEffect(() => {
    if (!cartEmpty || placement.completed() || redirected.current) return;
    redirected.current = true;
    notify.error(COMMERCE_MESSAGES.emptyCart);
    navigate('/cart', { replace: true });
  }, [cartEmpty, navigate, placement]);

  // Not logged in: the login dialog opens (once per visit; the shell's dialog owns the rest).
  const askedToLogin = useRef(false);
  useEffect(() => {
    if (token || cartStatus !== 'ready' || cartEmpty || askedToLogin.current) return;
    askedToLogin.current = true;
    dispatch(loginDialogOpened());
  }, [token, cartStatus, cartEmpty, dispatch]);

  const addressError = token ? addressQuery.error : undefined;
  useEffect(() => {
    if (addressError) {
      notify.error(serverMessage(addressError, ADDRESS_MESSAGES.fetchFailed, ADDRESS_MESSAGES.fetchThrown));
    }
  }, [addressError]);

  useEffect(() => {
    if (!focusSelected.current) return;
    focusSelected.current = false;
    formRef.current?.querySelector<HTMLInputElement>('input[name="savedAddress"]:checked')?.focus();
  });

  if (isIndianUser) return <OrderingUnavailable title="Delivery Information" />;

  const askToLogin = () => {
    notify.info(COMMERCE_MESSAGES.loginToCheckout);
    dispatch(loginDialogOpened());
  };

  /** The new address as typed; null with the empty required fields marked and the first focused. */
  const checkForm = () => {
    const address = formRef.current ? addressForm.check(formRef.current) : null;
    if (!address) notify.error(ADDRESS_MESSAGES.required);
    return address;
  };

  const onSaveAddress = async () => {
    if (saveState.isLoading) return;
    if (!token) return askToLogin();
    const address = checkForm();
    if (!address) return;
    try {
      const list = await saveAddress({ address, token }).unwrap();
      notify.success(ADDRESS_MESSAGES.saved);
      const saved = list.find((entry) => sameAddress(entry, address)) ?? list[list.length - 1];
      if (saved) {
        setSelectedId(saved._id);
        focusSelected.current = true;
      }
      setAdding(false);
      addressForm.setErrors({});
      setKeptAddress(null);
      setAddressFormKey((key) => key + 1);
    } catch (error) {
      notify.error(serverMessage(error, ADDRESS_MESSAGES.saveFailed));
    }
  };

  const chosenAddress = (): OrderRequest['address'] | null => {
    if (formMode) return checkForm();
    const saved = addresses.find((entry) => entry._id === selectedId);
    if (!saved) {
      notify.error(COMMERCE_MESSAGES.noAddress);
      formRef.current?.querySelector<HTMLInputElement>('input[name="savedAddress"]')?.focus();
      return null;
    }
    return saved;
  };

  const onPlaceOrder = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (placement.busy) return;
    if (!token) return askToLogin();
    if (loadingForOrder) {
      placeWhenLoaded.current = true;
      return;
    }
    if (cart.lines.length === 0) {
      notify.error(COMMERCE_MESSAGES.emptyCart);
      navigate('/cart');
      return;
    }
    const address = chosenAddress();
    if (!address) return;
    const request: OrderRequest = {
      address,
      items: cart.lines.map(({ product, quantity }) => ({
        _id: product._id,
        name: product.name,
        image: product.image,
        price: product.price,
        quantity,
      })),
      amount: orderAmount(cart.subtotal, deliveryFee),
    };
    void placement.place(chosenPaymentMethod(event.currentTarget), request);
  };

  if (cart.error) {
    return (
      <div className="ms-page commerce-checkout">
        <h1>Delivery Information</h1>
        <LoadError
          className="commerce-alert"
          variant="ghost"
          message={errorMessage(cart.error, COMMERCE_FALLBACKS.productsFailed)}
          onRetry={cart.retry}
        />
      </div>
    );
  }

  if ((cart.loading && !restoring) || cartEmpty) {
    return (
      <div className="ms-page commerce-checkout">
        <h1 className="ms-visually-hidden">Delivery Information</h1>
        <Spinner label="Loading your order" />
      </div>
    );
  }

  return (
    <div className="ms-page commerce-checkout">
      <form ref={formRef} className="commerce-checkout__layout" onSubmit={onPlaceOrder}>
        <section className="commerce-checkout__delivery" aria-labelledby="commerce-delivery-title">
          <h1 id="commerce-delivery-title">Delivery Information</h1>
          {!token ? (
            <LoginPrompt className="commerce-alert" message={COMMERCE_MESSAGES.loginToCheckout} />
          ) : addressQuery.isLoading ? (
            <Spinner label="Loading your saved addresses" />
          ) : (
            <>
              {addresses.length > 0 ? (
                <button
                  type="button"
                  className="ms-button ms-button--ghost commerce-checkout__toggle"
                  aria-expanded={adding}
                  onClick={() => {
                    if (adding && formRef.current) setKeptAddress(addressForm.read(formRef.current));
                    setAdding((value) => !value);
                    addressForm.setErrors({});
                  }}
                >
                  {adding ? 'Back to saved addresses' : 'Add New Address'}
                </button>
              ) : null}
              {formMode ? (
                <AddressForm
                  key={addressFormKey}
                  form={addressForm}
                  saving={saveState.isLoading}
                  onSave={() => void onSaveAddress()}
                />
              ) : (
                <SavedAddresses addresses={addresses} selectedId={selectedId} onSelect={setSelectedId} />
              )}
            </>
          )}
        </section>
        <div className="commerce-checkout__side">
          <PaymentMethods />
          <TestPaymentsNotice />
          <CheckoutSummary
            lines={cart.lines}
            subtotal={cart.subtotal}
            deliveryFee={deliveryFee}
            total={orderAmount(cart.subtotal, deliveryFee)}
            busy={placement.busy}
          />
        </div>
      </form>
      {placement.sandbox ? (
        <SandboxPaymentDialog
          order={placement.sandbox.order}
          busy={placement.sandbox.busy}
          onPay={placement.sandbox.pay}
          onCancel={placement.sandbox.cancel}
        />
      ) : null}
    </div>
  );
}
