import { screen, within } from '@testing-library/react';
import type { NewsItem } from '@metrology/shared';
import NewsPage from '../../pages/news-page';
import { formatNewsDate } from '../news-entry';
import { renderSection, startSectionApi, type FakeApi } from '@metrology/test-kit';

const item = (n: number, overrides: Partial<NewsItem> = {}): NewsItem => ({
  _id: `n${n}`,
  title: `News ${n}`,
  description: `About news ${n}`,
  category: 'Exhibition',
  date: '2026-01-22',
  time: '',
  location: '',
  image: [],
  ...overrides,
});

let api: FakeApi;
let answer: { status: number; body: unknown };

beforeAll(async () => {
  api = await startSectionApi();
  api.override('GET /api/dashboard/news', () => answer);
});
afterAll(() => api.close());

describe('news page', () => {
  it('lists the items with alternating layout, picture or "No image available", and optional time and location', async () => {
    answer = {
      status: 200,
      body: {
        success: true,
        data: [
          item(1, {
            image: ['/images/news/a.svg', '/images/news/b.svg'],
            time: '10:00 AM - 6:00 PM',
            location: 'Hall 3',
          }),
          item(2),
        ],
      },
    };
    renderSection(<NewsPage />, { path: '/news' });
    expect(screen.getByRole('heading', { level: 1, name: 'Latest News & Events' })).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(2);
    const [first, second] = articles as [HTMLElement, HTMLElement];
    expect(first).not.toHaveClass('content-entry--flipped');
    expect(second).toHaveClass('content-entry--flipped');

    const picture = within(first).getByRole('img', { name: 'News 1' });
    expect(picture.getAttribute('src')).toBe(`${api.url}/images/news/a.svg`);
    expect(picture).toHaveAttribute('width');
    expect(picture).toHaveAttribute('height');
    expect(within(first).getByText('10:00 AM - 6:00 PM')).toBeInTheDocument();
    expect(within(first).getByText('Hall 3')).toBeInTheDocument();
    expect(within(first).getByText('Exhibition')).toBeInTheDocument();
    expect(within(first).getByText('January 22, 2026')).toHaveAttribute('dateTime', '2026-01-22');

    expect(within(second).getByText('No image available')).toBeInTheDocument();
    expect(within(second).queryByText(/Time:/)).not.toBeInTheDocument();
    expect(within(second).queryByText(/Location:/)).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/contact');
  });

  it('sends no token, even for a logged-in visitor (SPEC section 7)', async () => {
    answer = { status: 200, body: { success: true, data: [item(1)] } };
    api.calls = [];
    renderSection(<NewsPage />, { path: '/news', token: 'session-token' });
    await screen.findAllByRole('article');
    expect(api.calls.map((call) => call.path)).toEqual(['/api/dashboard/news']);
    expect(api.calls.map((call) => call.token)).toEqual([undefined]);
  });

  it('only logs a failed fetch: the list stays empty and nothing else is shown', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = { status: 500, body: { success: false, message: 'Database unavailable' } };
    renderSection(<NewsPage />, { path: '/news' });
    await screen.findByRole('link', { name: 'Subscribe Now' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logged).toHaveBeenCalledWith('News could not be loaded', expect.anything());
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});

describe('formatNewsDate', () => {
  it.each([
    ['2026-01-22', 'January 22, 2026'],
    ['2025-12-31', 'December 31, 2025'],
    ['not a date', 'not a date'],
  ])('%s -> %s', (date, expected) => {
    expect(formatNewsDate(date)).toBe(expected);
  });
});
