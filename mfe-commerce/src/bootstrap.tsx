// Standalone harness: the section runs alone with the same providers the shell gives it.
import { mountSectionHarness } from '@metrology/shared';
import '@metrology/shared/styles.css';
import CartPage from './pages/cart-page';
import PlaceOrderPage from './pages/place-order-page';
import OrdersPage from './pages/orders-page';
import OrderPage from './pages/order-page';
import VerifyPage from './pages/verify-page';

void mountSectionHarness('commerce', [
  { path: '/cart', label: 'Cart', Page: CartPage },
  { path: '/place-order', label: 'Place order', Page: PlaceOrderPage },
  { path: '/orders', label: 'Orders', Page: OrdersPage },
  { path: '/orders/:orderId', label: 'Order', Page: OrderPage },
  { path: '/verify', label: 'Verify', Page: VerifyPage },
]);
