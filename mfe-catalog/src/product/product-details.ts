import { DEFAULT_DELIVERY_TIME, assetUrl, productUrl, type Product } from '@metrology/shared';

export interface Highlight {
  label: string;
  value: string;
}

/** SPEC Product detail: the spec highlights that are present (model, measuring range, accuracy, software). */
export function specHighlights(product: Product): Highlight[] {
  const all: [string, string | undefined][] = [
    ['Model', product.model],
    ['Measuring Range', product.measuringRange],
    ['Accuracy', product.accuracy],
    ['Software', product.software],
  ];
  return all
    .filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()))
    .map(([label, value]) => ({ label, value }));
}

/** The pills: businessType joined by commas, and certification, each only when present. */
export function productPills(product: Product): string[] {
  const business = (product.businessType ?? []).filter((t) => t.trim()).join(', ');
  return [business, product.certification?.trim() ?? ''].filter(Boolean);
}

/** 'Delivery Time:' shows deliveryTime, defaulting to '3-4 Weeks'. */
export function deliveryTime(product: Product): string {
  return product.deliveryTime?.trim() || DEFAULT_DELIVERY_TIME;
}

/** The Specifications tab: model first, then each key/value pair, list values joined by commas. */
export function specificationRows(product: Product): Highlight[] {
  const rows: Highlight[] = product.model?.trim() ? [{ label: 'Model', value: product.model }] : [];
  for (const { key, value } of product.specifications ?? []) {
    rows.push({ label: key, value: Array.isArray(value) ? value.join(', ') : value });
  }
  return rows;
}

/** The canonical address of a product page: the site origin plus /product/{slug} (the kit's productUrl). */
export const canonicalUrl = productUrl;

/** schema.org Product data for search engines; an offer only when the product has a price. */
export function productJsonLd(product: Product, url: string): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    url,
    image: product.image.map((path) => assetUrl(path)),
  };
  if (product.model) {
    data.sku = product.model;
    data.mpn = product.model;
  }
  if (product.company) data.brand = { '@type': 'Brand', name: product.company };
  if (product.category) data.category = product.category;
  if (product.price > 0) {
    data.offers = {
      '@type': 'Offer',
      url,
      price: product.price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    };
  }
  return data;
}

/** JSON for a <script> element: the page head's, which nothing in the value can close early. */
export { scriptSafeJson } from '@metrology/shared';
