import {
  checkboxOptions,
  nameMatches,
  readCollectionFilters,
  toggle,
  writeCollectionFilters,
} from '../collection-filters';

describe('checkboxOptions', () => {
  it('lists the facet values by name with counts, keeping ticked values the catalogue lacks at 0', () => {
    expect(
      checkboxOptions(
        [
          { value: 'Micrometers', count: 6 },
          { value: 'Calipers', count: 7 },
          { value: ' ', count: 1 },
        ],
        ['Herbs', 'Calipers'],
      ),
    ).toEqual([
      { value: 'Calipers', count: 7 },
      { value: 'Herbs', count: 0 },
      { value: 'Micrometers', count: 6 },
    ]);
    expect(checkboxOptions(undefined, [])).toEqual([]);
  });
});

describe('nameMatches', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['cal', true],
    ['DIGITAL CAL', true],
    ['caliper 150', false],
    ['Mitutoyo', false],
  ])('%p -> %p', (text, expected) => {
    expect(nameMatches({ name: 'Digital Caliper 300' }, text)).toBe(expected);
  });
});

describe('collection URL', () => {
  it('reads the lists sorted by name, with relavent as the default sort', () => {
    expect(
      readCollectionFilters(
        new URLSearchParams('categories=Probes,Calipers,Probes&types=Importer&sort=low-high'),
      ),
    ).toEqual({ categories: ['Calipers', 'Probes'], types: ['Importer'], sort: 'low-high' });
    expect(readCollectionFilters(new URLSearchParams('sort=cheapest'))).toEqual({
      categories: [],
      types: [],
      sort: 'relavent',
    });
  });

  it('writes only what is chosen, and reads back the same', () => {
    const filters = {
      categories: ['Height Gauge'],
      types: ['Importer', 'Manufacturer'],
      sort: 'high-low' as const,
    };
    const params = writeCollectionFilters(filters);
    expect(params.toString()).toBe('categories=Height+Gauge&types=Importer%2CManufacturer&sort=high-low');
    expect(readCollectionFilters(params)).toEqual(filters);
    expect(writeCollectionFilters({ categories: [], types: [], sort: 'relavent' }).toString()).toBe('');
  });

  it('toggle adds and removes, keeping names in order', () => {
    expect(toggle(['Probes'], 'Calipers')).toEqual(['Calipers', 'Probes']);
    expect(toggle(['Calipers', 'Probes'], 'Calipers')).toEqual(['Probes']);
  });
});
