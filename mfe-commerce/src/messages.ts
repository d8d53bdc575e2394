// The commerce section's texts from SPEC (sections 2, 5 and 8), each written once.

export const COMMERCE_MESSAGES = {
  cartCleared: 'Cart cleared successfully',
  loginToCheckout: 'Please login to proceed with checkout',
  emptyCart: 'Your cart is empty. Please add items before checkout.',
  noAddress: 'Please select an address or add a new one',
  orderPlaced: 'Order placed successfully!',
  paymentSuccessful: 'Payment successful! Your order has been placed.',
  loginToViewOrders: 'Please login to view orders',
  noOrdersText: "You haven't placed any orders yet. Browse our products and make your first purchase!",
  paymentDescription: 'Payment for measuring instruments',
} as const;

/** Our own texts for cases SPEC leaves open. */
export const COMMERCE_FALLBACKS = {
  productsFailed: 'Failed to load the products in your cart',
  orderFailed: 'Failed to place the order',
  ordersFailed: 'Failed to load your orders',
  paymentFailed: 'The payment could not be completed',
  paymentCancelled: 'Payment cancelled. Your order has not been placed.',
  providerUnavailable:
    'The payment provider could not be loaded. Please try again or choose Cash on Delivery.',
  verifyFailed: 'The payment could not be verified',
  orderNotFound: 'Order not found',
  orderLoadFailed: 'Failed to load the order',
} as const;
