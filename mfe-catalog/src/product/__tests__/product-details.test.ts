import { setRuntimeConfig } from '@metrology/shared';
import { makeProduct } from '@metrology/test-kit';
import {
  canonicalUrl,
  deliveryTime,
  productJsonLd,
  productPills,
  scriptSafeJson,
  specHighlights,
  specificationRows,
} from '../product-details';

beforeAll(() => setRuntimeConfig({ apiBaseUrl: 'https://api.example' }));

describe('specHighlights', () => {
  it.each([
    [
      { model: 'A1', measuringRange: '0-150 mm', accuracy: '± 0.02', software: 'Calypso' },
      ['Model', 'Measuring Range', 'Accuracy', 'Software'],
    ],
    [{ model: '', measuringRange: '0-150 mm', accuracy: '  ', software: '' }, ['Measuring Range']],
    [{ model: '', measuringRange: '', accuracy: '', software: '' }, []],
  ])('%j -> %j', (fields, labels) => {
    expect(specHighlights(makeProduct(fields)).map((h) => h.label)).toEqual(labels);
  });
});

describe('productPills', () => {
  it.each([
    [
      { businessType: ['Manufacturer', 'Importer'], certification: 'NABL' },
      ['Manufacturer, Importer', 'NABL'],
    ],
    [{ businessType: [], certification: 'ISO 9001' }, ['ISO 9001']],
    [{ businessType: ['Distributor'], certification: '' }, ['Distributor']],
    [{ businessType: [], certification: '' }, []],
  ])('%j -> %j', (fields, pills) => {
    expect(productPills(makeProduct(fields))).toEqual(pills);
  });
});

describe('deliveryTime', () => {
  it("is the product's own time, or 3-4 Weeks when it has none", () => {
    const shown = (given: string) => deliveryTime(makeProduct({ deliveryTime: given }));
    expect(shown('6-8 Weeks')).toBe('6-8 Weeks');
    expect(shown('')).toBe('3-4 Weeks');
    expect(shown('  ')).toBe('3-4 Weeks');
  });
});

describe('specificationRows', () => {
  it('puts the model first, then each pair, list values joined by commas', () => {
    const product = makeProduct({
      model: 'X-9',
      specifications: [
        { key: 'Range', value: '0-300 mm' },
        { key: 'Interfaces', value: ['USB', 'Bluetooth', 'RS-232'] },
      ],
    });
    expect(specificationRows(product)).toEqual([
      { label: 'Model', value: 'X-9' },
      { label: 'Range', value: '0-300 mm' },
      { label: 'Interfaces', value: 'USB, Bluetooth, RS-232' },
    ]);
    expect(specificationRows(makeProduct({ model: '', specifications: [] }))).toEqual([]);
  });
});

describe('head data', () => {
  it('canonical is the site origin plus /product/{slug}', () => {
    expect(canonicalUrl('https://shop.example/', makeProduct({ slug: 'caliper-150' }))).toBe(
      'https://shop.example/product/caliper-150',
    );
    expect(canonicalUrl('http://localhost:8080', { slug: '', _id: 'abc123' })).toBe(
      'http://localhost:8080/product/abc123',
    );
  });

  it('Product JSON-LD: absolute images, brand, an offer only with a price', () => {
    const priced = productJsonLd(
      makeProduct({ name: 'Caliper', image: ['/images/a.svg'], company: 'Sylvac', price: 285, model: 'S1' }),
      'https://shop.example/product/c',
    );
    expect(priced).toMatchObject({
      '@type': 'Product',
      image: ['https://api.example/images/a.svg'],
      brand: { name: 'Sylvac' },
      sku: 'S1',
      offers: { price: 285, priceCurrency: 'USD', url: 'https://shop.example/product/c' },
    });
    expect(productJsonLd(makeProduct({ price: 0 }), 'u')).not.toHaveProperty('offers');
  });

  it('script-safe JSON cannot close its element', () => {
    const text = scriptSafeJson({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
