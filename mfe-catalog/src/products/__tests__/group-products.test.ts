import type { Product } from '@metrology/shared';
import { emptyMessage, groupProducts } from '../group-products';

function product(id: string, company: string, category: string, name = id): Product {
  return {
    _id: id,
    slug: id,
    name,
    model: `M-${id}`,
    description: '',
    image: [],
    price: 10,
    mrp: 0,
    category,
    subCategory: '',
    company,
    measuringRange: '',
    accuracy: '',
    software: '',
    businessType: [],
    certification: '',
    deliveryTime: '',
    specifications: [],
    features: [],
    createdAt: '2026-01-01T00:00:00Z',
  };
}

const products = [
  product('m1', 'Mahr', 'Micrometer'),
  product('s1', 'Sylvac', 'Caliper', 'Digital Caliper S_Cal'),
  product('t1', 'Tespa', 'Height Gauge'),
  product('a1', 'Accretech', 'Roundness'),
  product('i1', 'Inprocess Gauging', 'Air Gauge'),
  product('t2', 'Tespa', 'Coordinate Measuring Machine'),
];

describe('groupProducts', () => {
  it('orders companies Tespa, Inprocess Gauging, Sylvac, then the others by name', () => {
    const groups = groupProducts(products, { search: '', company: '', category: '' });
    expect(groups.map((g) => g.company)).toEqual([
      'Tespa',
      'Inprocess Gauging',
      'Sylvac',
      'Accretech',
      'Mahr',
    ]);
    expect(groups[0]?.categories.map((c) => c.category)).toEqual([
      'Coordinate Measuring Machine',
      'Height Gauge',
    ]);
  });
  it('filters by company, category and case-insensitive search', () => {
    expect(groupProducts(products, { search: '', company: 'Tespa', category: 'Height Gauge' })).toEqual([
      { company: 'Tespa', categories: [{ category: 'Height Gauge', products: [products[2]] }] },
    ]);
    const found = groupProducts(products, { search: 'digital CAL', company: '', category: '' });
    expect(found.map((g) => g.company)).toEqual(['Sylvac']);
  });
});

describe('emptyMessage', () => {
  it.each([
    [
      { search: 'x', company: 'Tespa', category: 'Height Gauge' },
      'No products found matching your criteria.',
    ],
    [{ search: '', company: 'Tespa', category: 'Height Gauge' }, 'No products found in this category.'],
    [{ search: '', company: 'Mahr', category: '' }, 'No products found for this company.'],
    [{ search: '', company: '', category: '' }, 'No products found matching your criteria.'],
  ])('%j -> %p', (filters, message) => {
    expect(emptyMessage(filters)).toBe(message);
  });
});
