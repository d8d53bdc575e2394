import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createShopStore, searchBarToggled, searchTextChanged } from '@metrology/shared';
import CollectionPage from '../collection-page';
import { makeProduct, startFakeCatalogApi, type FakeCatalogApi } from '../../test-support/fake-catalog-api';
import { renderPage } from '../../test-support/render';

jest.mock('notistack', () => ({ ...jest.requireActual('notistack'), enqueueSnackbar: jest.fn() }));

const carrots = makeProduct({
  name: 'Carrot Gauge',
  category: 'Vegetables',
  subCategory: 'Organic',
  price: 30,
});
const apples = makeProduct({ name: 'Apple Caliper', category: 'Fruits', subCategory: 'Fresh', price: 120 });
const basil = makeProduct({ name: 'Basil Micrometer', category: 'Herbs', subCategory: 'Import', price: 0 });
const spinach = makeProduct({
  name: 'Spinach Probe',
  category: 'Seasonal',
  subCategory: 'Leafy Greens',
  price: 75,
});
const caliper = makeProduct({
  name: 'Digital Caliper',
  category: 'Calipers',
  subCategory: 'Digital Caliper',
  price: 285,
});

let api: FakeCatalogApi;
beforeAll(async () => {
  api = await startFakeCatalogApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset([carrots, apples, basil, spinach, caliper]);
  localStorage.clear();
});

const routes = [{ path: '/collection', element: <CollectionPage /> }];
const cardNames = () =>
  within(screen.getByRole('region', { name: 'Products' }))
    .queryAllByRole('link')
    .map((link) => link.textContent?.replace(/\$.*$/, ''));
const lastSearch = () => api.calls.filter((c) => c.path === '/api/product/search').at(-1)?.query;

describe('the collection page', () => {
  it('shows every category and type checkbox of SPEC and the three sort keys', async () => {
    renderPage(routes, '/collection');
    const categories = screen.getByRole('group', { name: 'Categories' });
    expect(
      within(categories)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Vegetables', 'Fruits', 'Leafy Greens', 'Herbs']);
    const types = screen.getByRole('group', { name: 'Type' });
    expect(
      within(types)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Fresh', 'Seasonal', 'Organic', 'Import']);
    const sort = screen.getByLabelText('Sort by');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['relavent', 'low-high', 'high-low']);
    await waitFor(() => expect(cardNames()).toHaveLength(5));
  });

  it('matches the category and the type lists against category and subCategory', async () => {
    const user = userEvent.setup();
    const page = renderPage(routes, '/collection');
    await waitFor(() => expect(cardNames()).toHaveLength(5));

    await user.click(screen.getByRole('checkbox', { name: 'Vegetables' }));
    await waitFor(() => expect(cardNames()).toEqual(['Carrot Gauge']));
    expect(page.location()).toBe('/collection?categories=Vegetables');
    expect(lastSearch()?.get('categories')).toBe('Vegetables');

    // Leafy Greens is Spinach's subCategory: a category box matches it too.
    await user.click(screen.getByRole('checkbox', { name: 'Leafy Greens' }));
    await waitFor(() =>
      expect(cardNames()).toEqual(expect.arrayContaining(['Carrot Gauge', 'Spinach Probe'])),
    );
    expect(cardNames()).toHaveLength(2);

    // Seasonal is Spinach's category: a type box matches it; both lists must match.
    await user.click(screen.getByRole('checkbox', { name: 'Seasonal' }));
    await waitFor(() => expect(cardNames()).toEqual(['Spinach Probe']));
    expect(lastSearch()?.get('types')).toBe('Seasonal');

    await user.click(screen.getByRole('checkbox', { name: 'Vegetables' }));
    await user.click(screen.getByRole('checkbox', { name: 'Leafy Greens' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seasonal' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fresh' }));
    await waitFor(() => expect(cardNames()).toEqual(['Apple Caliper']));
  });

  it('shows the empty state with Clear filters when nothing matches', async () => {
    const user = userEvent.setup();
    api.reset([caliper]);
    const page = renderPage(routes, '/collection?categories=Herbs');
    expect(await screen.findByText('No products found matching your criteria.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(page.location()).toBe('/collection');
    await waitFor(() => expect(cardNames()).toEqual(['Digital Caliper']));
  });

  it('sorts by the three keys through the server', async () => {
    const user = userEvent.setup();
    const page = renderPage(routes, '/collection');
    await waitFor(() => expect(cardNames()).toHaveLength(5));
    const relevant = cardNames();
    expect(lastSearch()?.get('sort')).toBe('relavent');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'low-high');
    expect(page.location()).toBe('/collection?sort=low-high');
    await waitFor(() =>
      expect(cardNames()).toEqual([
        'Carrot Gauge',
        'Spinach Probe',
        'Apple Caliper',
        'Digital Caliper',
        'Basil Micrometer',
      ]),
    );
    expect(lastSearch()?.get('sort')).toBe('low-high');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'high-low');
    await waitFor(() =>
      expect(cardNames()).toEqual([
        'Digital Caliper',
        'Apple Caliper',
        'Spinach Probe',
        'Carrot Gauge',
        'Basil Micrometer',
      ]),
    );
    await user.selectOptions(screen.getByLabelText('Sort by'), 'relavent');
    expect(page.location()).toBe('/collection');
    await waitFor(() => expect(cardNames()).toEqual(relevant));
  });

  it('restores checkboxes and sort from the URL, and follows back/forward', async () => {
    const user = userEvent.setup();
    const page = renderPage(routes, '/collection?categories=Fruits,Herbs&types=Fresh&sort=high-low');
    expect(screen.getByRole('checkbox', { name: 'Fruits' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Herbs' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Fresh' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Vegetables' })).not.toBeChecked();
    expect(screen.getByLabelText('Sort by')).toHaveValue('high-low');
    await waitFor(() => expect(cardNames()).toEqual(['Apple Caliper']));
    await user.click(screen.getByRole('checkbox', { name: 'Fresh' }));
    await waitFor(() => expect(cardNames()).toEqual(['Apple Caliper', 'Basil Micrometer']));
    await act(() => page.router.navigate(-1));
    expect(screen.getByRole('checkbox', { name: 'Fresh' })).toBeChecked();
    await waitFor(() => expect(cardNames()).toEqual(['Apple Caliper']));
  });

  it('cards: image and name; currency and price only above 0 and not for Indian users', async () => {
    renderPage(routes, '/collection');
    const apple = await screen.findByRole('link', { name: /Apple Caliper/ });
    // The image is shown but not named again: the link's text already names the product.
    expect(apple.querySelector('img')).toHaveAttribute('alt', '');
    expect(apple).toHaveTextContent('Apple Caliper$120');
    expect(apple).toHaveAttribute('href', `/product/${apples.slug}`);
    expect(screen.getByRole('link', { name: /Basil Micrometer/ })).toHaveTextContent(/^Basil Micrometer$/);
  });

  it('cards show no price to Indian users', async () => {
    const store = createShopStore({ geo: { isIndianUser: true, lookup: 'done' } });
    renderPage(routes, '/collection', store);
    const apple = await screen.findByRole('link', { name: /Apple Caliper/ });
    expect(apple).toHaveTextContent(/^Apple Caliper$/);
  });

  it('filters by name with the shared search text, only while the search bar is shown', async () => {
    const user = userEvent.setup();
    const store = createShopStore();
    store.dispatch(searchTextChanged('cali'));
    renderPage(routes, '/collection', store);
    // Hidden search bar: the text does not filter.
    await waitFor(() => expect(cardNames()).toHaveLength(5));

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(store.getState().ui.showSearch).toBe(true);
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    expect(box).toHaveFocus();
    expect(box).toHaveValue('cali');
    await waitFor(() => expect(cardNames()).toEqual(['Apple Caliper', 'Digital Caliper']));

    await user.clear(box);
    await user.type(box, 'BASIL');
    expect(store.getState().ui.searchText).toBe('BASIL');
    await waitFor(() => expect(cardNames()).toEqual(['Basil Micrometer']));
    await waitFor(() => expect(lastSearch()?.get('q')).toBe('BASIL'));

    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
    await waitFor(() => expect(cardNames()).toHaveLength(5));
    act(() => {
      store.dispatch(searchBarToggled(true));
    });
    await waitFor(() => expect(cardNames()).toEqual(['Basil Micrometer']));
  });

  it('loads more, 24 at a time', async () => {
    const user = userEvent.setup();
    api.reset(Array.from({ length: 30 }, (_, i) => makeProduct({ name: `Gauge ${i + 1}` })));
    renderPage(routes, '/collection');
    await waitFor(() => expect(cardNames()).toHaveLength(24));
    expect(screen.getByText('Showing 24 of 30 products')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardNames()).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('collapses the filter panel behind a Filters button (small screens)', async () => {
    const user = userEvent.setup();
    renderPage(routes, '/collection');
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toHaveAttribute('data-open', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Herbs' }));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
  });
});
