import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startSectionApi, type FakeApi } from '@metrology/test-kit';
import { renderShell } from '../../test-support/render-shell';

let api: FakeApi;
beforeAll(async () => {
  api = await startSectionApi();
});
afterAll(() => api.close());

/** What the suggestion call was asked, in order. */
let asked: string[] = [];
/** Answers held back until released (a slow first answer). */
let held: Record<string, Promise<void>> = {};

const product = (name: string, company: string, slug: string) => ({
  _id: slug.padEnd(24, '0').slice(0, 24),
  slug,
  name,
  company,
  category: 'Calipers',
  image: `/images/products/${slug}.svg`,
});

beforeEach(() => {
  api.reset();
  asked = [];
  held = {};
  api.override('/api/product/suggest', async (call) => {
    const q = call.query.get('q') ?? '';
    asked.push(q);
    await held[q];
    if (q.startsWith('zz')) return { body: { success: true, products: [], categories: [] } };
    return {
      body: {
        success: true,
        products: [
          product(`Digital Caliper (${q})`, 'Sylvac', 'sylvac-digital-caliper'),
          product('Depth Caliper', 'Mahr', 'mahr-depth-caliper'),
        ],
        categories: [{ value: 'Calipers', count: 7 }],
      },
    };
  });
});

const box = () => screen.getByRole('combobox', { name: 'Search instruments' });
const location = () => screen.getByTestId('location').textContent;
const options = () => within(screen.getByRole('listbox', { name: 'Suggestions' })).getAllByRole('option');

describe('the header search', () => {
  it('waits for two characters, then asks once after typing pauses and lists products and categories', async () => {
    const user = userEvent.setup();
    renderShell({ route: '/about' });
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await user.type(box(), 'c');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked).toEqual([]);
    await user.type(box(), 'al');
    await waitFor(() => expect(box()).toHaveAttribute('aria-expanded', 'true'));
    expect(asked).toEqual(['cal']);
    expect(options().map((o) => o.textContent)).toEqual([
      'Digital Caliper (cal)Sylvac',
      'Depth CaliperMahr',
      'CategoryCalipers7 products',
    ]);
    const image = within(options()[0] as HTMLElement).getByRole('presentation');
    expect(image.getAttribute('src')).toMatch(/\/images\/products\/sylvac-digital-caliper\.svg$/);
    expect(box()).toHaveAttribute('aria-controls', screen.getByRole('listbox', { hidden: true }).id);
  });

  it('is operated by keyboard: arrows move the active option, Enter opens it', async () => {
    const user = userEvent.setup();
    renderShell({ route: '/about' });
    await user.type(box(), 'cali');
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[0]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[1]?.id);
    await user.keyboard('{Enter}');
    expect(location()).toBe('/product/mahr-depth-caliper');
    expect(box()).toHaveValue('');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('a category option opens the collection with that box ticked', async () => {
    const user = userEvent.setup();
    renderShell({ route: '/' });
    await user.type(box(), 'cali');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.click(options()[2] as HTMLElement);
    expect(location()).toBe('/collection?categories=Calipers');
  });

  it('Escape closes the list, a second Escape clears the text; Enter on the text opens /products?q=', async () => {
    const user = userEvent.setup();
    renderShell({ route: '/about' });
    await user.type(box(), 'micrometre');
    await waitFor(() => expect(box()).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('micrometre');
    await user.keyboard('{Escape}');
    expect(box()).toHaveValue('');
    await user.type(box(), 'bore gauge');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/products?q=bore%20gauge');
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    renderShell({ route: '/about' });
    await user.type(box(), 'zzq');
    expect(await screen.findByText('No matching products')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('never shows a stale answer: the list follows the latest words', async () => {
    const user = userEvent.setup();
    let release = () => undefined as void;
    held.cal = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderShell({ route: '/about' });
    await user.type(box(), 'cal');
    await waitFor(() => expect(asked).toEqual(['cal']));
    await user.type(box(), 'ip');
    await waitFor(() => expect(options()[0]).toHaveTextContent('Digital Caliper (calip)'));
    release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(options()[0]).toHaveTextContent('Digital Caliper (calip)');
    expect(asked).toEqual(['cal', 'calip']);
  });
});
