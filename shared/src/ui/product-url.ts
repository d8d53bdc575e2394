import type { Product } from '../types/entities.js';

/** The address of a product's page (SPEC: /product/{slug or id}), safe for any slug. */
export function productPath(product: Pick<Product, 'slug' | '_id'>): string {
  return `/product/${encodeURIComponent(product.slug || product._id)}`;
}

/** The absolute (canonical) address of a product's page on a site origin. */
export function productUrl(siteOrigin: string, product: Pick<Product, 'slug' | '_id'>): string {
  return `${siteOrigin.replace(/\/+$/, '')}${productPath(product)}`;
}
