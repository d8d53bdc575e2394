import { makeProduct } from '../../test-support/fake-catalog-api';
import {
  matchesCollectionFilters,
  nameMatches,
  readCollectionFilters,
  showsCardPrice,
  toggle,
  writeCollectionFilters,
  COLLECTION_CATEGORIES,
} from '../collection-filters';

describe('matchesCollectionFilters (each list against category and subCategory)', () => {
  const product = { category: 'Fruits', subCategory: 'Organic' };
  it.each([
    [[], [], true],
    [['Fruits'], [], true],
    [['Organic'], [], true],
    [['Herbs'], [], false],
    [[], ['Organic'], true],
    [[], ['Fruits'], true],
    [[], ['Fresh'], false],
    [['Fruits', 'Herbs'], ['Fresh', 'Organic'], true],
    [['Fruits'], ['Fresh'], false],
    [['fruits'], [], false],
  ])('categories %j, types %j -> %p', (categories, types, expected) => {
    expect(matchesCollectionFilters(product, { categories, types })).toBe(expected);
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

describe('showsCardPrice', () => {
  it.each([
    [100, false, true],
    [0, false, false],
    [-1, false, false],
    [100, true, false],
  ])('price %p, Indian %p -> %p', (price, indian, expected) => {
    expect(showsCardPrice(makeProduct({ price }), indian)).toBe(expected);
  });
});

describe('collection URL', () => {
  it('reads known values only, in checkbox order, with relavent as the default sort', () => {
    expect(
      readCollectionFilters(
        new URLSearchParams('categories=Herbs,Nope,Vegetables&types=Import&sort=low-high'),
      ),
    ).toEqual({ categories: ['Vegetables', 'Herbs'], types: ['Import'], sort: 'low-high' });
    expect(readCollectionFilters(new URLSearchParams('sort=cheapest'))).toEqual({
      categories: [],
      types: [],
      sort: 'relavent',
    });
  });

  it('writes only what is chosen, and reads back the same', () => {
    const filters = { categories: ['Leafy Greens'], types: ['Fresh', 'Seasonal'], sort: 'high-low' as const };
    const params = writeCollectionFilters(filters);
    expect(params.toString()).toBe('categories=Leafy+Greens&types=Fresh%2CSeasonal&sort=high-low');
    expect(readCollectionFilters(params)).toEqual(filters);
    expect(writeCollectionFilters({ categories: [], types: [], sort: 'relavent' }).toString()).toBe('');
  });

  it('toggle adds and removes, keeping checkbox order', () => {
    expect(toggle(['Herbs'], 'Vegetables', COLLECTION_CATEGORIES)).toEqual(['Vegetables', 'Herbs']);
    expect(toggle(['Vegetables', 'Herbs'], 'Vegetables', COLLECTION_CATEGORIES)).toEqual(['Herbs']);
  });
});
