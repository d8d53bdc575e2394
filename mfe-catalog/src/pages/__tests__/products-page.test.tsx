import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enqueueSnackbar } from 'notistack';
import { createShopStore, setRuntimeConfig } from '@metrology/shared';
import ProductsPage, { SEARCH_DEBOUNCE_MS } from '../products-page';
import {
  makeProduct,
  renderSection,
  serverRenderSection,
  startSectionApi,
  type FakeApi,
} from '@metrology/test-kit';

jest.mock('notistack', () => ({ ...jest.requireActual('notistack'), enqueueSnackbar: jest.fn() }));

const catalogue = [
  makeProduct({ name: 'Mahr Micrometer 40 EWR', company: 'Mahr', category: 'Micrometers', price: 365 }),
  makeProduct({ name: 'S_Cal EVO Caliper', company: 'Sylvac', category: 'Calipers', price: 1250 }),
  makeProduct({ name: 'Digital Height Gauge 600', company: 'Tespa', category: 'Height Gauge', price: 0 }),
  makeProduct({
    name: 'Bridge CMM 575',
    company: 'Tespa',
    category: 'Coordinate Measuring Machine',
    price: 142000,
    mrp: 150000,
  }),
  makeProduct({ name: 'Air Plug Gauge', company: 'Inprocess Gauging', category: 'Air Gauging', price: 420 }),
  makeProduct({ name: 'Roundness Tester', company: 'Accretech', category: 'Roundness', price: 9800 }),
  makeProduct({ name: 'Handheld Scanner', company: 'SCANTECH 3D', category: '3D Scanners', price: 23000 }),
];
/** 15 Tespa video machines: more than one page of their group. */
const videoMachines = Array.from({ length: 15 }, (_, i) =>
  makeProduct({ name: `Video Machine ${i + 1}`, company: 'Tespa', category: 'Video Measuring Machine' }),
);

let api: FakeApi;
beforeAll(async () => {
  api = await startSectionApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset([...catalogue, ...videoMachines]);
  localStorage.clear();
});

const routes = [{ path: '/products', element: <ProductsPage /> }];
const companyHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const searchCalls = () => api.calls.filter((c) => c.path === '/api/product/search');

describe('the products page', () => {
  it('groups the results by company in SPEC order, then by category, with formatted prices', async () => {
    renderSection(routes, { path: '/products' });
    await screen.findByRole('heading', { level: 2, name: 'Tespa' });
    expect(companyHeadings()).toEqual([
      'Tespa',
      'Inprocess Gauging',
      'Sylvac',
      'Accretech',
      'Mahr',
      'SCANTECH 3D',
    ]);
    const tespa = screen.getByRole('region', { name: 'Tespa' });
    expect(
      within(tespa)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Coordinate Measuring Machine', 'Height Gauge', 'Video Measuring Machine']);
    // The price rules of SPEC section 9, with the struck-through mrp.
    const cmm = screen.getByRole('link', { name: /Bridge CMM 575/ });
    expect(within(cmm).getByText('$1.42 Lac')).toBeInTheDocument();
    expect(within(cmm).getByText('$1.50 Lac').tagName).toBe('S');
    expect(within(screen.getByRole('link', { name: /S_Cal EVO/ })).getByText('$1,250')).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: /Digital Height Gauge 600/ })).getByText('Enquire for price'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /S_Cal EVO/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/product\//),
    );
    expect(screen.getByText('22 products')).toBeInTheDocument();
  });

  it('pages a large category: the first 12, then "Show more"', async () => {
    const user = userEvent.setup();
    renderSection(routes, { path: '/products?company=Tespa&category=Video%20Measuring%20Machine' });
    const group = await screen.findByRole('region', { name: 'Video Measuring Machine, Tespa' });
    await waitFor(() => expect(within(group).getAllByRole('listitem')).toHaveLength(12));
    expect(within(group).getByText('Showing 12 of 15')).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Show more Tespa Video Measuring Machine' }));
    await waitFor(() => expect(within(group).getAllByRole('listitem')).toHaveLength(15));
    expect(within(group).queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
    const pages = searchCalls().filter((c) => c.query.get('category') === 'Video Measuring Machine');
    expect(pages.map((c) => [c.query.get('page'), c.query.get('limit')])).toEqual([
      ['1', '12'],
      ['2', '12'],
    ]);
  });

  it('restores company, category and search from the URL and asks the server for exactly those', async () => {
    renderSection(routes, { path: '/products?company=Tespa&category=Height%20Gauge&q=digital' });
    await screen.findByRole('heading', { level: 3, name: 'Height Gauge' });
    expect(screen.getByLabelText('Company')).toHaveValue('Tespa');
    expect(screen.getByLabelText('Category')).toHaveValue('Height Gauge');
    expect(screen.getByLabelText('Search products')).toHaveValue('digital');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tespa Products');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Height Gauge']);
    // The canonical address keeps company and category, never the search text.
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://shop.example/products?company=Tespa&category=Height+Gauge',
    );
    expect(document.title).toMatch(/^Tespa Products \| /);
    const page = searchCalls().find((c) => c.query.get('facets') === 'false');
    expect(Object.fromEntries(page?.query ?? [])).toMatchObject({
      q: 'digital',
      company: 'Tespa',
      category: 'Height Gauge',
    });
  });

  it('a category without Tespa means nothing, and the category select shows only for Tespa', async () => {
    renderSection(routes, { path: '/products?company=Sylvac&category=Height%20Gauge' });
    await screen.findByRole('heading', { level: 2, name: 'Sylvac' });
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Calipers']);
  });

  it('choosing a company updates the URL; back and forward restore the filters', async () => {
    const user = userEvent.setup();
    const page = renderSection(routes, { path: '/products' });
    await screen.findByRole('heading', { level: 2, name: 'Mahr' });

    await user.selectOptions(screen.getByLabelText('Company'), 'Tespa');
    expect(page.location()).toBe('/products?company=Tespa');
    await user.selectOptions(await screen.findByLabelText('Category'), 'Height Gauge');
    expect(page.location()).toBe('/products?company=Tespa&category=Height+Gauge');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        'Height Gauge',
      ]),
    );
    expect(companyHeadings()).toEqual(['Tespa']);

    await act(() => page.router.navigate(-1));
    expect(page.location()).toBe('/products?company=Tespa');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3));

    await act(() => page.router.navigate(-1));
    expect(page.location()).toBe('/products');
    expect(screen.getByLabelText('Company')).toHaveValue('');
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
    await waitFor(() => expect(companyHeadings()).toHaveLength(6));

    await act(() => page.router.navigate(1));
    expect(screen.getByLabelText('Company')).toHaveValue('Tespa');
    await waitFor(() => expect(companyHeadings()).toEqual(['Tespa']));
  });

  it('puts the search into the URL after a pause (replacing, not stacking history) and filters by it', async () => {
    const user = userEvent.setup();
    const page = renderSection(routes, { path: '/products?company=Sylvac' });
    await screen.findByRole('heading', { level: 2, name: 'Sylvac' });
    await user.selectOptions(screen.getByLabelText('Company'), '');
    await user.type(screen.getByLabelText('Search products'), 'micrometer');
    await waitFor(() => expect(page.location()).toBe('/products?q=micrometer'));
    await waitFor(() => expect(companyHeadings()).toEqual(['Mahr']));
    expect(screen.getByRole('link', { name: /Mahr Micrometer 40 EWR/ })).toBeInTheDocument();
    // One history entry for the whole search: back goes to where the company was chosen.
    await act(() => page.router.navigate(-1));
    expect(page.location()).toBe('/products?company=Sylvac');
    expect(screen.getByLabelText('Search products')).toHaveValue('');
    await act(() => page.router.navigate(1));
    expect(screen.getByLabelText('Search products')).toHaveValue('micrometer');
  });

  it.each([
    ['/products?company=Nobody', 'No products found for this company.'],
    ['/products?company=Tespa&category=Nothing%20Here', 'No products found in this category.'],
    ['/products?q=zzzz', 'No products found matching your criteria.'],
  ])('%s shows "%s" and Clear filters goes back to /products', async (url, message) => {
    const user = userEvent.setup();
    const page = renderSection(routes, { path: url });
    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(page.location()).toBe('/products');
    await screen.findByRole('heading', { level: 2, name: 'Tespa' });
    expect(screen.getByLabelText('Search products')).toHaveValue('');
  });

  it('Clear resets search, company and category', async () => {
    const user = userEvent.setup();
    const page = renderSection(routes, { path: '/products?company=Tespa&category=Height%20Gauge&q=gauge' });
    await screen.findByRole('heading', { level: 3, name: 'Height Gauge' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(page.location()).toBe('/products');
    expect(screen.getByLabelText('Company')).toHaveValue('');
    expect(screen.getByLabelText('Search products')).toHaveValue('');
  });

  it('a link with a query writes its filters into the fields, and a search still waiting for its pause is dropped', async () => {
    const user = userEvent.setup();
    const page = renderSection(routes, { path: '/products' });
    await screen.findByRole('heading', { level: 2, name: 'Mahr' });
    await user.type(screen.getByLabelText('Search products'), 'air');
    await act(() => page.router.navigate('/products?company=Mahr&q=micrometer'));
    expect(screen.getByLabelText('Search products')).toHaveValue('micrometer');
    expect(screen.getByLabelText('Company')).toHaveValue('Mahr');
    await waitFor(() => expect(companyHeadings()).toEqual(['Mahr']));
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));
    expect(page.location()).toBe('/products?company=Mahr&q=micrometer');
  });

  it('a search typed into the server-rendered field before the page was live stays, and filters once it is', async () => {
    const server = serverRenderSection(routes, { path: '/products?company=Sylvac' });
    const box = within(server.container).getByLabelText('Search products');
    const company = within(server.container).getByLabelText('Company');
    (company as HTMLSelectElement).value = '';
    (box as HTMLInputElement).value = 'micrometer';
    const page = server.hydrate();
    expect(box).toHaveValue('micrometer');
    expect(company).toHaveValue('');
    await waitFor(() => expect(page.location()).toBe('/products?q=micrometer'));
    await waitFor(() => expect(companyHeadings()).toEqual(['Mahr']));
    expect(box).toHaveValue('micrometer');
    expect(screen.getByRole('link', { name: /Mahr Micrometer 40 EWR/ })).toBeInTheDocument();
  });

  it('a search typed before the page was live waits for its pause, and typing on after it goes on from there', async () => {
    const user = userEvent.setup();
    const server = serverRenderSection(routes, { path: '/products' });
    const box = within(server.container).getByLabelText('Search products');
    (box as HTMLInputElement).value = 'micro';
    const page = server.hydrate();
    await user.type(box, 'meter');
    expect(box).toHaveValue('micrometer');
    await waitFor(() => expect(page.location()).toBe('/products?q=micrometer'));
    await waitFor(() => expect(companyHeadings()).toEqual(['Mahr']));
  });

  it('a company chosen in the server-rendered select before the page was live counts once it is', async () => {
    const server = serverRenderSection(routes, { path: '/products' });
    const company = within(server.container).getByLabelText('Company') as HTMLSelectElement;
    company.value = 'Tespa';
    const page = server.hydrate();
    expect(company).toHaveValue('Tespa');
    await waitFor(() => expect(page.location()).toBe('/products?company=Tespa'));
    await waitFor(() => expect(companyHeadings()).toEqual(['Tespa']));
    expect(screen.getByLabelText('Category')).toHaveValue('');
    // Back to where the page was served: the select follows the URL.
    await act(() => page.router.navigate(-1));
    expect(company).toHaveValue('');
    await waitFor(() => expect(companyHeadings()).toHaveLength(6));
  });

  it('shows no prices to Indian users', async () => {
    const store = createShopStore({ geo: { isIndianUser: true, lookup: 'done' } });
    renderSection(routes, { path: '/products?company=Sylvac', store: store });
    const card = await screen.findByRole('link', { name: /S_Cal EVO/ });
    expect(within(card).queryByText('$1,250')).not.toBeInTheDocument();
    expect(within(card).getByText('Send Enquiry')).toBeInTheDocument();
  });

  it('says what went wrong and retries when the server fails', async () => {
    const user = userEvent.setup();
    const original = api.url;
    setRuntimeConfig({ apiBaseUrl: 'http://127.0.0.1:9' });
    renderSection(routes, { path: '/products' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    // SPEC section 8: the failure is also a toast with the message.
    expect(enqueueSnackbar).toHaveBeenCalledWith(expect.stringContaining('Network error'), {
      variant: 'error',
    });
    setRuntimeConfig({ apiBaseUrl: original });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { level: 2, name: 'Tespa' });
  });
});
