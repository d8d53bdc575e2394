/** Which section owns which path: the shell's route table (SPEC section 2, DESIGN.md layout). */
import { REMOTE_NAMES, federationName, type RemoteName } from '@metrology/shared/release';

// The remotes and their names are the release model's (@metrology/shared/release).
export { federationName, type RemoteName };

export interface SectionRoute {
  path: string;
  remote: RemoteName;
  /** The exposed module, e.g. './ProductsPage' */
  module: string;
}

export const REMOTES: readonly RemoteName[] = REMOTE_NAMES;

export const ROUTES: readonly SectionRoute[] = [
  { path: '/', remote: 'mfe-content', module: './HomePage' },
  { path: '/about', remote: 'mfe-content', module: './AboutPage' },
  { path: '/calibration', remote: 'mfe-content', module: './CalibrationPage' },
  { path: '/clients', remote: 'mfe-content', module: './ClientsPage' },
  { path: '/news', remote: 'mfe-content', module: './NewsPage' },
  { path: '/testimonial', remote: 'mfe-content', module: './TestimonialsPage' },
  { path: '/contact', remote: 'mfe-content', module: './ContactPage' },
  { path: '/products', remote: 'mfe-catalog', module: './ProductsPage' },
  { path: '/collection', remote: 'mfe-catalog', module: './CollectionPage' },
  { path: '/product/:slug', remote: 'mfe-catalog', module: './ProductPage' },
  { path: '/cart', remote: 'mfe-commerce', module: './CartPage' },
  { path: '/place-order', remote: 'mfe-commerce', module: './PlaceOrderPage' },
  { path: '/orders', remote: 'mfe-commerce', module: './OrdersPage' },
  { path: '/orders/:orderId', remote: 'mfe-commerce', module: './OrderPage' },
  { path: '/verify', remote: 'mfe-commerce', module: './VerifyPage' },
  { path: '/careers', remote: 'mfe-careers', module: './CareersPage' },
];

/** The section label shown in fallbacks and used as data-boundary. */
export function sectionLabel(remote: RemoteName): string {
  return remote.replace(/^mfe-/, '');
}
