import { fireEvent, screen, within } from '@testing-library/react';
import type { Product } from '@metrology/shared';
import { NewestProducts, newestFirst } from '../newest-products';
import { makeProduct, renderSection, startSectionApi, type FakeApi } from '@metrology/test-kit';

/** Tespa product n, created in month n of 2025 (a higher n is newer). */
const product = (n: number, overrides: Partial<Product> = {}) =>
  makeProduct({
    slug: `tespa-product-${n}`,
    name: `Tespa Product ${n}`,
    image: [`/images/products/p${n}.svg`],
    price: 1000 * n,
    company: 'Tespa',
    createdAt: `2025-0${n}-01T00:00:00.000Z`,
    ...overrides,
  });

let api: FakeApi;

beforeAll(async () => {
  api = await startSectionApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const INDIAN_USER = { geo: { isIndianUser: true, lookup: 'done' as const } };

describe('newest Tespa products on the home page', () => {
  it('asks for the four newest Tespa products and shows them newest first, linking to their pages', async () => {
    // Five Tespa products in no particular order, one of them enquiry-only, and a newer one of another brand.
    api.products = [
      product(2),
      product(5, { price: 0 }),
      product(1),
      product(6, { company: 'Sylvac', name: 'Sylvac Product 6' }),
      product(4, { price: 250000 }),
      product(3),
    ];
    renderSection(<NewestProducts />);
    const section = await screen.findByRole('region', { name: 'Latest Tespa Products' });
    const cards = await within(section).findAllByRole('listitem');
    expect(cards.map((card) => within(card).getByText(/^Tespa Product/).textContent)).toEqual([
      'Tespa Product 5',
      'Tespa Product 4',
      'Tespa Product 3',
      'Tespa Product 2',
    ]);
    expect(api.callsTo('GET /api/product/list').map((call) => call.query.toString())).toContain(
      'company=Tespa&sort=newest&limit=4',
    );
    expect(within(cards[0] as HTMLElement).getByText('Enquire for price')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('$2.50 Lac')).toBeInTheDocument();
    expect(within(cards[2] as HTMLElement).getByText('$3,000')).toBeInTheDocument();
    const image = within(cards[0] as HTMLElement).getByRole('img', { name: 'Tespa Product 5' });
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('height', '240');
    expect(image.getAttribute('src')).toBe(`${api.url}/images/products/p5.svg`);

    fireEvent.click(within(cards[1] as HTMLElement).getByRole('link'));
    expect(screen.getByTestId('location')).toHaveTextContent('/product/tespa-product-4');
  });

  it('shows no prices to Indian users', async () => {
    api.products = [product(1), product(2, { price: 0 })];
    renderSection(<NewestProducts />, { preloadedState: INDIAN_USER });
    await screen.findByText('Tespa Product 1');
    expect(screen.queryByText('$1,000')).not.toBeInTheDocument();
    expect(screen.queryByText('Enquire for price')).not.toBeInTheDocument();
  });

  it("shows the server's message as an error toast when the list fails, and no section", async () => {
    api.override('GET /api/product/list', () => ({
      body: { success: false, message: 'Catalogue is being updated' },
    }));
    renderSection(<NewestProducts />);
    expect(await screen.findByText('Catalogue is being updated')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Latest Tespa Products' })).not.toBeInTheDocument();
  });
});

describe('newestFirst', () => {
  it.each([
    [['2025-01-01', '2025-03-01', '2025-02-01'], 2, ['2025-03-01', '2025-02-01']],
    [['2024-12-31', '2025-01-01'], 4, ['2025-01-01', '2024-12-31']],
    [[], 4, []],
  ])('%j, %i -> %j', (dates, count, expected) => {
    const products = dates.map((createdAt, i) => product(i + 1, { createdAt }));
    expect(newestFirst(products, count).map((p) => p.createdAt)).toEqual(expected);
  });
});
