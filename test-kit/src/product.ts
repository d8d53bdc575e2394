// The one product factory of every test: a product with every field of the contract, ids of the API's shape.
import type { Product } from '@metrology/shared';

/** A product id of the API's shape (24 hex digits), readable in tests: testId('a'). */
export function testId(name: string): string {
  return [...name]
    .map((c) => c.charCodeAt(0).toString(16))
    .join('')
    .padStart(24, '0')
    .slice(-24);
}

let serial = 0;

/** A product with every field; override what a test cares about. Each call is a little older than the last. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  serial += 1;
  const slug = overrides.slug ?? `product-${serial}`;
  return {
    _id: serial.toString(16).padStart(24, '0'),
    slug,
    name: `Product ${serial}`,
    model: `M-${serial}`,
    description: `Description of product ${serial}`,
    image: [`/images/products/${slug}-1.svg`],
    price: 100,
    mrp: 0,
    category: 'Calipers',
    subCategory: 'Digital Caliper',
    company: 'Sylvac',
    measuringRange: '',
    accuracy: '',
    software: '',
    businessType: [],
    certification: '',
    deliveryTime: '',
    specifications: [],
    features: [],
    createdAt: new Date(Date.UTC(2025, 0, 1) - serial * 60_000).toISOString(),
    ...overrides,
  };
}
