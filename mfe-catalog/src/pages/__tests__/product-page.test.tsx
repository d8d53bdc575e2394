import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enqueueSnackbar } from 'notistack';
import { createShopStore } from '@metrology/shared';
import ProductPage from '../product-page';
import { makeProduct, renderSection, startSectionApi, type FakeApi } from '@metrology/test-kit';

jest.mock('notistack', () => ({ ...jest.requireActual('notistack'), enqueueSnackbar: jest.fn() }));

const gauge = makeProduct({
  slug: 'digital-height-gauge-600',
  name: 'Digital Height Gauge 600',
  model: 'THG-600',
  description: 'A height gauge for the inspection room.',
  image: ['/images/products/hg-1.svg', '/images/products/hg-2.svg', '/images/products/hg-3.svg'],
  price: 1890,
  mrp: 2100,
  company: 'Tespa',
  category: 'Height Gauge',
  subCategory: 'Digital Height Gauge',
  measuringRange: '0-600 mm',
  accuracy: '± 0.03 mm',
  software: '',
  businessType: ['Manufacturer', 'Exporter'],
  certification: 'NABL',
  deliveryTime: '',
  specifications: [
    { key: 'Resolution', value: '0.01 mm' },
    { key: 'Outputs', value: ['RS-232', 'USB'] },
  ],
  features: ['Two-point measurement', 'Large display'],
});
const enquiryOnly = makeProduct({
  slug: 'gantry-cmm',
  name: 'Gantry CMM',
  model: '',
  price: 0,
  company: 'Tespa',
  category: 'Coordinate Measuring Machine',
  measuringRange: '',
  deliveryTime: '8-10 Weeks',
  features: [],
  specifications: [],
});
const siblings = Array.from({ length: 7 }, (_, i) =>
  makeProduct({ name: `Height Gauge ${i + 1}`, company: 'Tespa', category: 'Height Gauge' }),
);

let api: FakeApi;
beforeAll(async () => {
  api = await startSectionApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset([gauge, enquiryOnly, ...siblings]);
  localStorage.clear();
  jest.mocked(enqueueSnackbar).mockClear();
  document.title = 'Shop';
});

const routes = [
  { path: '/product/:slug', element: <ProductPage /> },
  { path: '/products', element: <h1>All products</h1> },
];

const head = {
  description: () => document.head.querySelector('meta[name="description"]')?.getAttribute('content'),
  canonical: () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
  jsonLd: () => document.head.querySelectorAll('script[type="application/ld+json"]'),
};

describe('the product page', () => {
  it('shows a spinner until the product is found, then the product', async () => {
    api.held.add('GET /api/product/slug/');
    renderSection(routes, { path: `/product/${gauge.slug}` });
    expect(screen.getByRole('status')).toHaveTextContent('Loading product');
    await waitFor(() => expect(api.calls.some((c) => c.path.startsWith('/api/product/slug/'))).toBe(true));
    api.release();
    expect(await screen.findByRole('heading', { level: 1, name: gauge.name })).toBeInTheDocument();
    expect(screen.queryByText('Loading product')).not.toBeInTheDocument();
    expect(screen.getByText('Model: THG-600')).toBeInTheDocument();
  });

  it('a slug that does not exist shows a clear not-found state, not a spinner', async () => {
    renderSection(routes, { path: '/product/no-such-product' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
    expect(document.title).toBe('Product not found');
  });

  it('sets title, meta description, canonical link and Product JSON-LD, and cleans them up on leaving', async () => {
    const description = document.createElement('meta');
    description.name = 'description';
    description.content = 'The site description';
    document.head.appendChild(description);

    const page = renderSection(routes, { path: `/product/${gauge.slug}` });
    await screen.findByRole('heading', { level: 1, name: gauge.name });
    expect(document.title).toBe('Digital Height Gauge 600 | Tespa');
    expect(head.description()).toBe('A height gauge for the inspection room.');
    expect(head.canonical()).toBe('https://shop.example/product/digital-height-gauge-600');
    const og = (property: string) =>
      document.head.querySelector(`meta[property="og:${property}"]`)?.getAttribute('content');
    expect([og('type'), og('url'), og('image')]).toEqual([
      'product',
      'https://shop.example/product/digital-height-gauge-600',
      `${api.url}/images/products/hg-1.svg`,
    ]);
    expect(head.jsonLd()).toHaveLength(1);
    const data = JSON.parse(head.jsonLd()[0]?.textContent ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: gauge.name,
      sku: 'THG-600',
      brand: { '@type': 'Brand', name: 'Tespa' },
      image: [
        `${api.url}/images/products/hg-1.svg`,
        `${api.url}/images/products/hg-2.svg`,
        `${api.url}/images/products/hg-3.svg`,
      ],
      offers: { '@type': 'Offer', price: 1890, priceCurrency: 'USD' },
    });

    await act(() => page.router.navigate('/products'));
    expect(document.title).toBe('Shop');
    expect(head.description()).toBe('The site description');
    expect(head.canonical()).toBeUndefined();
    expect(head.jsonLd()).toHaveLength(0);
    description.remove();
  });

  it('has the breadcrumb Home > Products > name', async () => {
    renderSection(routes, { path: `/product/${gauge.slug}` });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Home', 'Products', gauge.name]);
    expect(within(crumbs).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(within(crumbs).getByText(gauge.name)).toHaveAttribute('aria-current', 'page');
  });

  it('changes the main image when a thumbnail is clicked', async () => {
    const user = userEvent.setup();
    renderSection(routes, { path: `/product/${gauge.slug}` });
    const main = await screen.findByRole('img', { name: `${gauge.name}, image 1 of 3` });
    expect(main).toHaveAttribute('src', `${api.url}/images/products/hg-1.svg`);
    await user.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(screen.getByRole('img', { name: `${gauge.name}, image 3 of 3` })).toHaveAttribute(
      'src',
      `${api.url}/images/products/hg-3.svg`,
    );
    expect(screen.getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the price with the struck-through mrp, a stepper from 1 and adds to the shared cart', async () => {
    const user = userEvent.setup();
    const page = renderSection(routes, { path: `/product/${gauge.slug}` });
    await screen.findByRole('heading', { level: 1, name: gauge.name });
    expect(screen.getByText('$1,890')).toBeInTheDocument();
    expect(screen.getByText('$2,100').tagName).toBe('S');

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(quantity).toHaveValue(1);
    // aria-disabled, not disabled: the button keeps the focus at 1, and a click does nothing.
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity).toHaveValue(3);
    await user.click(minus);
    expect(quantity).toHaveValue(2);
    // Typed values count only when they are numbers above 0.
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.blur(quantity);
    expect(quantity).toHaveValue(2);
    fireEvent.change(quantity, { target: { value: '-4' } });
    fireEvent.blur(quantity);
    expect(quantity).toHaveValue(2);
    fireEvent.change(quantity, { target: { value: '5' } });
    expect(quantity).toHaveValue(5);

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(page.store.getState().cart.items).toEqual({ [gauge._id]: 5 });
    expect(enqueueSnackbar).toHaveBeenCalledWith(
      'Item Added to Cart',
      expect.objectContaining({ variant: 'success' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(page.store.getState().cart.items).toEqual({ [gauge._id]: 10 });
  });

  it('Add to Cart is a native post form to /cart: what the browser sends before hydration or without script', async () => {
    const user = userEvent.setup();
    renderSection(routes, { path: `/product/${gauge.slug}` });
    await screen.findByRole('heading', { level: 1, name: gauge.name });
    const add = screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement;
    const form = add.form as HTMLFormElement;
    // The page's early-input script lets the browser send a form so marked while React does not own it.
    expect(form).toHaveAttribute('data-native');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/cart');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(Object.fromEntries(new FormData(form, add))).toEqual({
      op: 'add',
      id: gauge._id,
      quantity: '2',
      return: `/product/${gauge.slug}`,
    });
  });

  it('price 0: the enquire text instead of price and cart', async () => {
    renderSection(routes, { path: `/product/${enquiryOnly.slug}` });
    await screen.findByRole('heading', { level: 1, name: enquiryOnly.name });
    expect(screen.getByText('Please enquire for pricing information')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('Indian users: no price, no cart, a Send Enquiry button that opens the dialog for this product', async () => {
    const user = userEvent.setup();
    const store = createShopStore({ geo: { isIndianUser: true, lookup: 'done' } });
    renderSection(routes, { path: `/product/${gauge.slug}`, store: store });
    await screen.findByRole('heading', { level: 1, name: gauge.name });
    expect(screen.queryByText('$1,890')).not.toBeInTheDocument();
    expect(screen.queryByText('$2,100')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
    expect(screen.queryByText('Please enquire for pricing information')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }));
    const dialog = screen.getByRole('dialog', { name: 'Send Enquiry' });
    expect(within(dialog).getByText(gauge.name)).toBeInTheDocument();
    // Related cards show no prices either.
    const related = screen.getByRole('region', { name: 'Related Products' });
    expect(within(related).queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('shows only the spec highlights present, the pills and the delivery time (default 3-4 Weeks)', async () => {
    renderSection(routes, { path: `/product/${gauge.slug}` });
    await screen.findByRole('heading', { level: 1, name: gauge.name });
    const highlights = screen.getByRole('region', { name: 'Key specifications' });
    expect(
      within(highlights)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Model', 'Measuring Range', 'Accuracy']);
    expect(within(highlights).getByText('0-600 mm')).toBeInTheDocument();
    const pills = screen.getByRole('list', { name: 'Business type and certification' });
    expect(
      within(pills)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Manufacturer, Exporter', 'NABL']);
    expect(screen.getByText('Delivery Time:').parentElement).toHaveTextContent('Delivery Time: 3-4 Weeks');
  });

  it('omits highlights and pills that are absent and shows a given delivery time', async () => {
    renderSection(routes, { path: `/product/${enquiryOnly.slug}` });
    await screen.findByRole('heading', { level: 1, name: enquiryOnly.name });
    expect(screen.queryByRole('region', { name: 'Key specifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Business type and certification' })).not.toBeInTheDocument();
    expect(screen.getByText('Delivery Time:').parentElement).toHaveTextContent('Delivery Time: 8-10 Weeks');
  });

  it('has the three tabs with SPEC rules, working by keyboard', async () => {
    const user = userEvent.setup();
    renderSection(routes, { path: `/product/${gauge.slug}` });
    await screen.findByRole('heading', { level: 1, name: gauge.name });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Description', 'Specifications', 'Features & Benefits']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(gauge.description);

    await user.click(tabs[0] as HTMLElement);
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    const rows = within(screen.getByRole('tabpanel')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ModelTHG-600',
      'Resolution0.01 mm',
      'OutputsRS-232, USB',
    ]);

    await user.keyboard('{End}');
    expect(tabs[2]).toHaveFocus();
    expect(
      within(screen.getByRole('tabpanel'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(gauge.features);
    await user.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tabs[2]).toHaveFocus();
  });

  it("says 'No features listed for this product.' when there are none", async () => {
    const user = userEvent.setup();
    renderSection(routes, { path: `/product/${enquiryOnly.slug}` });
    await screen.findByRole('heading', { level: 1, name: enquiryOnly.name });
    await user.click(screen.getByRole('tab', { name: 'Features & Benefits' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No features listed for this product.');
  });

  it('lists up to 5 related products of the same category and company', async () => {
    renderSection(routes, { path: `/product/${gauge.slug}` });
    const related = await screen.findByRole('region', { name: 'Related Products' });
    const links = within(related).getAllByRole('link');
    expect(links).toHaveLength(5);
    for (const link of links) expect(link.textContent).toMatch(/^Height Gauge \d/);
  });

  it('opening a related product shows it (never the previous one) with its own head', async () => {
    const user = userEvent.setup();
    renderSection(routes, { path: `/product/${gauge.slug}` });
    const related = await screen.findByRole('region', { name: 'Related Products' });
    const first = within(related).getAllByRole('link')[0] as HTMLElement;
    const name = first.querySelector('.catalog-card__name')?.textContent ?? '';
    await user.click(first);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(document.title).toBe(`${name} | Tespa`);
    expect(head.jsonLd()).toHaveLength(1);
  });
});
