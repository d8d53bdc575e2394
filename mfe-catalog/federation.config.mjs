// @ts-check
// The catalog section: one exposed module per page.
export default {
  name: 'mfe_catalog',
  port: 3001,
  title: 'Catalog section (standalone)',
  exposes: {
    './ProductsPage': './src/pages/products-page.tsx',
    './CollectionPage': './src/pages/collection-page.tsx',
    './ProductPage': './src/pages/product-page.tsx',
  },
};
