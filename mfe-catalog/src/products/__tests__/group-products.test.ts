import {
  EMPTY_MESSAGES,
  buildProductGroups,
  compareCompanies,
  eagerGroups,
  emptyMessage,
  markEagerGroups,
} from '../group-products';

const companies = [
  { value: 'Mahr', count: 30 },
  { value: 'Sylvac', count: 5 },
  { value: 'Tespa', count: 20 },
  { value: 'Accretech', count: 2 },
  { value: 'Inprocess Gauging', count: 9 },
  { value: '', count: 1 },
];
const categories = new Map([
  [
    'Tespa',
    [
      { value: 'Video Measuring Machine', count: 8 },
      { value: 'Coordinate Measuring Machine', count: 7 },
      { value: 'Height Gauge', count: 5 },
    ],
  ],
  ['Inprocess Gauging', [{ value: 'Air Gauging', count: 9 }]],
  [
    'Sylvac',
    [
      { value: 'Calipers', count: 3 },
      { value: '', count: 2 },
    ],
  ],
  ['Mahr', [{ value: 'Micrometers', count: 30 }]],
  ['Accretech', [{ value: 'Roundness', count: 2 }]],
]);

describe('compareCompanies', () => {
  it.each([
    ['Tespa', 'Inprocess Gauging', -1],
    ['Sylvac', 'Inprocess Gauging', 1],
    ['Sylvac', 'Accretech', -1],
    ['Mahr', 'Accretech', 1],
    ['Mahr', 'SCANTECH 3D', -1],
  ])('%s vs %s', (a, b, sign) => {
    expect(Math.sign(compareCompanies(a, b))).toBe(sign);
  });
});

describe('buildProductGroups', () => {
  it('orders companies Tespa, Inprocess Gauging, Sylvac, then the others by name; categories by name', () => {
    const groups = buildProductGroups(companies, categories);
    expect(groups.companies.map((g) => g.company)).toEqual([
      'Tespa',
      'Inprocess Gauging',
      'Sylvac',
      'Accretech',
      'Mahr',
    ]);
    expect(groups.companies[0]?.categories.map((c) => c.category)).toEqual([
      'Coordinate Measuring Machine',
      'Height Gauge',
      'Video Measuring Machine',
    ]);
    // Nameless companies and categories cannot be asked for by name: left out, and not counted.
    expect(groups.companies.find((g) => g.company === 'Sylvac')?.count).toBe(3);
    expect(groups.total).toBe(20 + 9 + 3 + 2 + 30);
  });

  it('keeps only the chosen category, case-insensitively', () => {
    const groups = buildProductGroups([{ value: 'Tespa', count: 20 }], categories, 'height gauge');
    expect(groups.companies).toEqual([
      {
        company: 'Tespa',
        count: 5,
        categories: [{ company: 'Tespa', category: 'Height Gauge', count: 5, eager: true }],
      },
    ]);
  });

  it('has no groups when nothing matches', () => {
    expect(buildProductGroups([], new Map()).companies).toEqual([]);
    expect(buildProductGroups([{ value: 'Tespa', count: 20 }], categories, 'Micrometers')).toEqual({
      total: 0,
      companies: [],
    });
  });
});

describe('markEagerGroups', () => {
  it('loads the first groups with the page until their first pages reach the target', () => {
    const groups = buildProductGroups(companies, categories);
    // Tespa: 7 + 5 + 8 = 20, Inprocess 9 -> 29, Sylvac 3 -> 32, Accretech 2 -> 34, Mahr min(30, 12) -> 46.
    expect(eagerGroups(groups).map((g) => g.category)).toEqual([
      'Coordinate Measuring Machine',
      'Height Gauge',
      'Video Measuring Machine',
      'Air Gauging',
      'Calipers',
      'Roundness',
      'Micrometers',
    ]);
    const small = markEagerGroups(groups, 12, 15);
    expect(eagerGroups(small).map((g) => g.category)).toEqual([
      'Coordinate Measuring Machine',
      'Height Gauge',
      'Video Measuring Machine',
    ]);
  });
});

describe('emptyMessage', () => {
  it.each([
    [{ search: 'x', company: 'Tespa', category: 'Height Gauge' }, EMPTY_MESSAGES.criteria],
    [{ search: '', company: 'Tespa', category: 'Height Gauge' }, 'No products found in this category.'],
    [{ search: '', company: 'Mahr', category: '' }, 'No products found for this company.'],
    [{ search: '', company: '', category: '' }, 'No products found matching your criteria.'],
  ])('%j -> %p', (filters, message) => {
    expect(emptyMessage(filters)).toBe(message);
  });
});
