// @ts-check
import { federationIdentity } from '@metrology/shared/release';
// The catalog section: one exposed module per page.
export default {
  ...federationIdentity('mfe-catalog'),
  title: 'Catalog section (standalone)',
  exposes: {
    './ProductsPage': './src/pages/products-page.tsx',
    './CollectionPage': './src/pages/collection-page.tsx',
    './ProductPage': './src/pages/product-page.tsx',
  },
};
