// Standalone harness: the section runs alone with the same providers the shell gives it.
import { mountSectionHarness } from '@metrology/shared';
import '@metrology/shared/styles.css';
import ProductsPage from './pages/products-page';
import CollectionPage from './pages/collection-page';
import ProductPage from './pages/product-page';

void mountSectionHarness('catalog', [
  { path: '/products', label: 'Products', Page: ProductsPage },
  { path: '/collection', label: 'Collection', Page: CollectionPage },
  { path: '/product/:slug', label: 'Product', Page: ProductPage },
]);
