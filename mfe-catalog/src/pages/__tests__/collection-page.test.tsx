import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enqueueSnackbar } from 'notistack';
import { createShopStore, searchBarToggled, searchTextChanged, setRuntimeConfig } from '@metrology/shared';
import CollectionPage from '../collection-page';
import {
  makeProduct,
  renderSection,
  serverRenderSection,
  startSectionApi,
  type FakeApi,
} from '@metrology/test-kit';

jest.mock('notistack', () => ({ ...jest.requireActual('notistack'), enqueueSnackbar: jest.fn() }));

const carrots = makeProduct({
  name: 'Carrot Gauge',
  category: 'Height Gauge',
  subCategory: 'Digital Height Gauge',
  businessType: ['Manufacturer'],
  price: 30,
});
const apples = makeProduct({
  name: 'Apple Caliper',
  category: 'Calipers',
  subCategory: 'Vernier Caliper',
  businessType: ['Importer', 'Distributor'],
  price: 120,
});
const basil = makeProduct({
  name: 'Basil Micrometer',
  category: 'Micrometers',
  subCategory: 'Mechanical Micrometer',
  businessType: ['Importer'],
  price: 0,
});
const spinach = makeProduct({
  name: 'Spinach Probe',
  category: 'Probes',
  subCategory: 'Height Gauge',
  businessType: ['Manufacturer'],
  price: 75,
});
const caliper = makeProduct({
  name: 'Digital Caliper',
  category: 'Calipers',
  subCategory: 'Digital Caliper',
  businessType: ['Manufacturer'],
  price: 285,
});

// The fake's search answers come from the API's own index (api/src/features/products/search-index.ts), and
// api/src/__tests__/contract.test.ts checks them against the real API: the orders asserted here are the API's.
let api: FakeApi;
beforeAll(async () => {
  api = await startSectionApi();
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

/** The five products by price; Basil Micrometer (price 0: on request) comes last either way. */
const LOW_TO_HIGH = ['Carrot Gauge', 'Spinach Probe', 'Apple Caliper', 'Digital Caliper', 'Basil Micrometer'];
const HIGH_TO_LOW = ['Digital Caliper', 'Apple Caliper', 'Spinach Probe', 'Carrot Gauge', 'Basil Micrometer'];

describe('the collection page', () => {
  it('lists the categories and types the catalogue holds, with counts, and the three sort keys', async () => {
    renderSection(routes, { path: '/collection' });
    const categories = screen.getByRole('group', { name: 'Categories' });
    await waitFor(() =>
      expect(
        within(categories)
          .getAllByRole('checkbox')
          .map((c) => c.parentElement?.textContent),
      ).toEqual(['Calipers(2)', 'Height Gauge(1)', 'Micrometers(1)', 'Probes(1)']),
    );
    const types = screen.getByRole('group', { name: 'Type' });
    expect(
      within(types)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Distributor(1)', 'Importer(2)', 'Manufacturer(3)']);
    const sort = screen.getByLabelText('Sort by');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['relavent', 'low-high', 'high-low']);
    await waitFor(() => expect(cardNames()).toHaveLength(5));
  });

  it('matches categories against category and subCategory, types against business types; siblings keep counts', async () => {
    const user = userEvent.setup();
    const page = renderSection(routes, { path: '/collection' });
    await waitFor(() => expect(cardNames()).toHaveLength(5));

    await user.click(screen.getByRole('checkbox', { name: /^Calipers/ }));
    await waitFor(() => expect(cardNames()).toEqual(['Apple Caliper', 'Digital Caliper']));
    expect(page.location()).toBe('/collection?categories=Calipers');
    expect(lastSearch()?.get('categories')).toBe('Calipers');
    expect(lastSearch()?.get('facets')).toBe('true');
    // The other categories keep their counts; the types count only calipers now.
    expect(screen.getByRole('checkbox', { name: 'Micrometers (1)' })).not.toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Type' })).toHaveTextContent(
        'Distributor(1)Importer(1)Manufacturer(1)',
      ),
    );

    // Height Gauge is Spinach's subCategory: a category box matches it too.
    await user.click(screen.getByRole('checkbox', { name: /^Height Gauge/ }));
    await waitFor(() =>
      expect(cardNames()).toEqual(
        expect.arrayContaining(['Carrot Gauge', 'Spinach Probe', 'Apple Caliper', 'Digital Caliper']),
      ),
    );
    expect(cardNames()).toHaveLength(4);

    await user.click(screen.getByRole('checkbox', { name: /^Importer/ }));
    await waitFor(() => expect(cardNames()).toEqual(['Apple Caliper']));
    expect(lastSearch()?.get('types')).toBe('Importer');
    expect(page.location()).toBe('/collection?categories=Calipers%2CHeight+Gauge&types=Importer');
  });

  it('shows the empty state with Clear filters when nothing matches', async () => {
    const user = userEvent.setup();
    api.reset([caliper]);
    const page = renderSection(routes, { path: '/collection?categories=Herbs' });
    // A ticked value the catalogue does not hold stays listed (at 0) so it can be unticked.
    expect(await screen.findByRole('checkbox', { name: 'Herbs (0)' })).toBeChecked();
    expect(await screen.findByText('No products found matching your criteria.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(page.location()).toBe('/collection');
    await waitFor(() => expect(cardNames()).toEqual(['Digital Caliper']));
  });

  it('sorts by the three keys through the server', async () => {
    const user = userEvent.setup();
    const page = renderSection(routes, { path: '/collection' });
    await waitFor(() => expect(cardNames()).toHaveLength(5));
    const relevant = cardNames();
    expect(lastSearch()?.get('sort')).toBe('relavent');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'low-high');
    expect(page.location()).toBe('/collection?sort=low-high');
    await waitFor(() => expect(cardNames()).toEqual(LOW_TO_HIGH));
    expect(lastSearch()?.get('sort')).toBe('low-high');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'high-low');
    await waitFor(() => expect(cardNames()).toEqual(HIGH_TO_LOW));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'relavent');
    expect(page.location()).toBe('/collection');
    await waitFor(() => expect(cardNames()).toEqual(relevant));
  });

  it('restores checkboxes and sort from the URL, and follows back/forward', async () => {
    const user = userEvent.setup();
    const page = renderSection(routes, {
      path: '/collection?categories=Calipers,Micrometers&types=Importer&sort=high-low',
    });
    expect(await screen.findByRole('checkbox', { name: /^Calipers/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Micrometers/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Importer/ })).toBeChecked();
    expect(screen.getByLabelText('Sort by')).toHaveValue('high-low');
    await waitFor(() => expect(cardNames()).toEqual(['Apple Caliper', 'Basil Micrometer']));
    // Categories count with the type filter: no probe is imported.
    expect(screen.getByRole('checkbox', { name: 'Calipers (1)' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /^Probes/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /^Importer/ }));
    await waitFor(() =>
      expect(cardNames()).toEqual(['Digital Caliper', 'Apple Caliper', 'Basil Micrometer']),
    );
    await act(() => page.router.navigate(-1));
    expect(screen.getByRole('checkbox', { name: /^Importer/ })).toBeChecked();
    await waitFor(() => expect(cardNames()).toEqual(['Apple Caliper', 'Basil Micrometer']));
  });

  it('the sort follows the URL: a link with another sort, then back', async () => {
    const page = renderSection(routes, { path: '/collection?sort=high-low' });
    await waitFor(() => expect(cardNames()).toHaveLength(5));
    await act(() => page.router.navigate('/collection?sort=low-high'));
    expect(screen.getByLabelText('Sort by')).toHaveValue('low-high');
    await waitFor(() => expect(cardNames()[0]).toBe('Carrot Gauge'));
    await act(() => page.router.navigate(-1));
    expect(screen.getByLabelText('Sort by')).toHaveValue('high-low');
    await waitFor(() => expect(cardNames()[0]).toBe('Digital Caliper'));
  });

  it('a sort and a box chosen in the server-rendered page before it was live count once it is', async () => {
    const server = serverRenderSection(routes, { path: '/collection?categories=Calipers' });
    const sort = within(server.container).getByLabelText('Sort by') as HTMLSelectElement;
    const calipers = within(server.container).getByRole('checkbox', {
      name: /^Calipers/,
    }) as HTMLInputElement;
    sort.value = 'low-high';
    calipers.checked = false;
    const page = server.hydrate();
    expect(sort).toHaveValue('low-high');
    await waitFor(() => expect(page.location()).toBe('/collection?sort=low-high'));
    await waitFor(() => expect(cardNames()).toEqual(LOW_TO_HIGH));
    expect(lastSearch()?.get('sort')).toBe('low-high');
    // A later change goes on from there.
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /^Micrometers/ }));
    await waitFor(() => expect(page.location()).toBe('/collection?categories=Micrometers&sort=low-high'));
    expect(sort).toHaveValue('low-high');
  });

  it('Clear filters empties the search box it shows', async () => {
    const user = userEvent.setup();
    api.reset([caliper]);
    const store = createShopStore();
    store.dispatch(searchBarToggled(true));
    renderSection(routes, { path: '/collection', store: store });
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    await user.type(box, 'zzz');
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(store.getState().ui.searchText).toBe('');
    expect(box).toHaveValue('');
    await waitFor(() => expect(cardNames()).toEqual(['Digital Caliper']));
  });

  it('cards: image and name; currency and price only above 0 and not for Indian users', async () => {
    renderSection(routes, { path: '/collection' });
    const apple = await screen.findByRole('link', { name: /Apple Caliper/ });
    // The image is shown but not named again: the link's text already names the product.
    expect(apple.querySelector('img')).toHaveAttribute('alt', '');
    expect(apple).toHaveTextContent('Apple Caliper$120');
    expect(apple).toHaveAttribute('href', `/product/${apples.slug}`);
    expect(screen.getByRole('link', { name: /Basil Micrometer/ })).toHaveTextContent(/^Basil Micrometer$/);
  });

  it('cards show no price to Indian users', async () => {
    const store = createShopStore({ geo: { isIndianUser: true, lookup: 'done' } });
    renderSection(routes, { path: '/collection', store: store });
    const apple = await screen.findByRole('link', { name: /Apple Caliper/ });
    expect(apple).toHaveTextContent(/^Apple Caliper$/);
  });

  it('filters by name with the shared search text, only while the search bar is shown', async () => {
    const user = userEvent.setup();
    const store = createShopStore();
    store.dispatch(searchTextChanged('cali'));
    renderSection(routes, { path: '/collection', store: store });
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
    renderSection(routes, { path: '/collection' });
    await waitFor(() => expect(cardNames()).toHaveLength(24));
    expect(screen.getByText('Showing 24 of 30 products')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardNames()).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('collapses the filter panel behind a Filters button (small screens)', async () => {
    const user = userEvent.setup();
    renderSection(routes, { path: '/collection' });
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toHaveAttribute('data-open', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open', 'true');
    await user.click(await screen.findByRole('checkbox', { name: /^Probes/ }));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
  });

  it('a failed load shows the message inline with Try Again, and as a toast', async () => {
    const user = userEvent.setup();
    const original = api.url;
    setRuntimeConfig({ apiBaseUrl: 'http://127.0.0.1:9' });
    renderSection(routes, { path: '/collection' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    expect(enqueueSnackbar).toHaveBeenCalledWith(expect.stringContaining('Network error'), {
      variant: 'error',
    });
    setRuntimeConfig({ apiBaseUrl: original });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cardNames()).toHaveLength(5));
  });
});
