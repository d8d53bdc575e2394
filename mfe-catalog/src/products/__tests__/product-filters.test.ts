import { readProductFilters, writeProductFilters } from '../product-filters';

describe('products URL', () => {
  it.each([
    ['', { search: '', company: '', category: '' }],
    ['company=Sylvac', { search: '', company: 'Sylvac', category: '' }],
    ['company=Tespa&category=Height+Gauge', { search: '', company: 'Tespa', category: 'Height Gauge' }],
    ['company=Mahr&category=Height+Gauge', { search: '', company: 'Mahr', category: '' }],
    ['category=Height+Gauge', { search: '', company: '', category: '' }],
    [
      'q=bore+gauge&company=Inprocess%20Gauging',
      { search: 'bore gauge', company: 'Inprocess Gauging', category: '' },
    ],
  ])('?%s', (query, filters) => {
    expect(readProductFilters(new URLSearchParams(query))).toEqual(filters);
  });

  it('writes company, category (Tespa only) and search, leaving out what is empty', () => {
    expect(
      writeProductFilters({
        search: 'cmm',
        company: 'Tespa',
        category: 'Coordinate Measuring Machine',
      }).toString(),
    ).toBe('company=Tespa&category=Coordinate+Measuring+Machine&q=cmm');
    expect(
      writeProductFilters({ search: '  ', company: 'Sylvac', category: 'Height Gauge' }).toString(),
    ).toBe('company=Sylvac');
    expect(writeProductFilters({ search: '', company: '', category: '' }).toString()).toBe('');
  });
});
