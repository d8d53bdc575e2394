// @ts-check
import { federationIdentity } from '@metrology/shared/release';
// The commerce section: one exposed module per page.
export default {
  ...federationIdentity('mfe-commerce'),
  title: 'Commerce section (standalone)',
  exposes: {
    './CartPage': './src/pages/cart-page.tsx',
    './PlaceOrderPage': './src/pages/place-order-page.tsx',
    './OrdersPage': './src/pages/orders-page.tsx',
    './OrderPage': './src/pages/order-page.tsx',
    './VerifyPage': './src/pages/verify-page.tsx',
  },
};
