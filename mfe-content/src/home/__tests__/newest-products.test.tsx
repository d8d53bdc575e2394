import { fireEvent, screen, within } from '@testing-library/react';
import type { Product } from '@metrology/shared';
import { NewestProducts, newestFirst } from '../newest-products';
import { renderPage, sendJson, startApi, type TestApi } from '../../__tests__/support';

function product(n: number, overrides: Partial<Product> = {}): Product {
  return {
    _id: `id-${n}`,
    slug: `tespa-product-${n}`,
    name: `Tespa Product ${n}`,
    model: `TP-${n}`,
    description: '',
    image: [`/images/products/p${n}.svg`],
    price: 1000 * n,
    mrp: 0,
    category: 'Height Gauge',
    subCategory: '',
    company: 'Tespa',
    measuringRange: '',
    accuracy: '',
    software: '',
    businessType: [],
    certification: '',
    deliveryTime: '',
    specifications: [],
    features: [],
    createdAt: `2025-0${n}-01T00:00:00.000Z`,
    ...overrides,
  };
}

let api: TestApi;
let answer: () => unknown;

beforeAll(async () => {
  api = await startApi((request, response) => {
    if (request.url?.startsWith('/api/product/list')) return sendJson(response, answer());
    sendJson(response, { success: false, message: 'Not found' }, 404);
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

describe('newest Tespa products on the home page', () => {
  it('asks for the four newest Tespa products and shows them newest first, linking to their pages', async () => {
    // Five products in no particular order, one of them enquiry-only.
    answer = () => ({
      success: true,
      products: [product(2), product(5, { price: 0 }), product(1), product(4, { price: 250000 }), product(3)],
    });
    renderPage(<NewestProducts />);
    const section = await screen.findByRole('region', { name: 'Latest Tespa Products' });
    const cards = await within(section).findAllByRole('listitem');
    expect(cards.map((card) => within(card).getByText(/^Tespa Product/).textContent)).toEqual([
      'Tespa Product 5',
      'Tespa Product 4',
      'Tespa Product 3',
      'Tespa Product 2',
    ]);
    expect(api.requests).toContain('/api/product/list?company=Tespa&sort=newest&limit=4');
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
    answer = () => ({ success: true, products: [product(1), product(2, { price: 0 })] });
    renderPage(<NewestProducts />, { indianUser: true });
    await screen.findByText('Tespa Product 1');
    expect(screen.queryByText('$1,000')).not.toBeInTheDocument();
    expect(screen.queryByText('Enquire for price')).not.toBeInTheDocument();
  });

  it("shows the server's message as an error toast when the list fails, and no section", async () => {
    answer = () => ({ success: false, message: 'Catalogue is being updated' });
    renderPage(<NewestProducts />);
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
