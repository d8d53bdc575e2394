import { screen, waitFor, within } from '@testing-library/react';
import type { Testimonial } from '@metrology/shared';
import TestimonialsPage from '../../pages/testimonials-page';
import { StarRating } from '../star-rating';
import { TestimonialMedia } from '../testimonial-media';
import { resetReachability } from '../../ui/use-reachable';
import { renderSection, startSectionApi, type FakeApi } from '@metrology/test-kit';
import { UNREACHABLE_ORIGIN } from '../../__tests__/support';

const testimonial = (n: number, overrides: Partial<Testimonial> = {}): Testimonial => ({
  _id: `t${n}`,
  name: `Client ${n}`,
  position: `Quality Manager ${n}`,
  content: `Quote ${n}`,
  stars: 5,
  videoUrl: '',
  image: [],
  ...overrides,
});

let api: FakeApi;
let answer: { status: number; body: unknown };

beforeAll(async () => {
  api = await startSectionApi();
  api.override('GET /api/dashboard/testimonials', () => answer);
  api.override('GET /embed/abc', () => ({ status: 200 }));
});
afterAll(() => api.close());
beforeEach(() => resetReachability());

describe('testimonial media', () => {
  it('embeds the video in a named, lazy frame when its host answers', async () => {
    renderSection(
      <TestimonialMedia
        testimonial={testimonial(1, { videoUrl: `${api.url}/embed/abc`, image: ['/p.svg'] })}
      />,
    );
    const frame = await screen.findByTitle('Video testimonial from Client 1');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', `${api.url}/embed/abc`);
    expect(frame).toHaveAttribute('loading', 'lazy');
  });

  it('keeps the picture and links to the video when the video host cannot be reached (offline)', async () => {
    renderSection(
      <TestimonialMedia
        testimonial={testimonial(2, {
          videoUrl: `${UNREACHABLE_ORIGIN}/embed/x`,
          image: ['/images/t/2.svg'],
        })}
      />,
    );
    const link = await screen.findByRole('link', { name: /Watch the video from Client 2/ });
    expect(link).toHaveAttribute('href', `${UNREACHABLE_ORIGIN}/embed/x`);
    expect(screen.getByRole('img', { name: 'Client 2, Quality Manager 2' })).toHaveAttribute('width', '640');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows the first image when there is no video', () => {
    renderSection(
      <TestimonialMedia testimonial={testimonial(3, { image: ['/images/t/3a.svg', '/images/t/3b.svg'] })} />,
    );
    expect(screen.getByRole('img').getAttribute('src')).toBe(`${api.url}/images/t/3a.svg`);
  });

  it("says 'No media available' with neither video nor image", () => {
    renderSection(<TestimonialMedia testimonial={testimonial(4)} />);
    expect(screen.getByText('No media available')).toBeInTheDocument();
  });

  it("says 'No media available' offline when the video has no picture to fall back on", async () => {
    renderSection(<TestimonialMedia testimonial={testimonial(5, { videoUrl: `${UNREACHABLE_ORIGIN}/v` })} />);
    expect(await screen.findByRole('link', { name: /Watch the video/ })).toBeInTheDocument();
    expect(screen.getByText('No media available')).toBeInTheDocument();
  });

  it('never frames a URL that is not http(s)', () => {
    renderSection(<TestimonialMedia testimonial={testimonial(6, { videoUrl: 'javascript:alert(1)' })} />);
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('No media available')).toBeInTheDocument();
  });
});

describe('star rating', () => {
  it.each([
    [5, 'Rated 5 out of 5', 5],
    [4, 'Rated 4 out of 5', 4],
    [0, 'Rated 0 out of 5', 0],
    [7, 'Rated 5 out of 5', 5],
    [-1, 'Rated 0 out of 5', 0],
  ])('%i stars reads "%s" and fills %i', (stars, label, filled) => {
    const { container } = renderSection(<StarRating stars={stars} />);
    expect(screen.getByRole('img', { name: label })).toBeInTheDocument();
    expect(container.querySelectorAll('.content-stars__star--on')).toHaveLength(filled);
    expect(container.querySelectorAll('.content-stars__star')).toHaveLength(5);
  });
});

describe('testimonials page', () => {
  it('shows each testimonial with rating, quote, name and position, alternating sides', async () => {
    answer = {
      status: 200,
      body: { success: true, data: [testimonial(1, { stars: 4, image: ['/a.svg'] }), testimonial(2)] },
    };
    renderSection(<TestimonialsPage />, { path: '/testimonial' });
    expect(screen.getByRole('heading', { level: 1, name: 'Client Testimonials' })).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(2);
    const [first, second] = articles as [HTMLElement, HTMLElement];
    expect(second).toHaveClass('content-entry--flipped');
    expect(first).not.toHaveClass('content-entry--flipped');
    expect(within(first).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(first).getByText('Quote 1')).toBeInTheDocument();
    expect(within(first).getByText('Client 1')).toBeInTheDocument();
    expect(within(first).getByText('Quality Manager 1')).toBeInTheDocument();
    expect(within(second).getByText('No media available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Us Today' })).toHaveAttribute('href', '/contact');
  });

  it('sends no token, even for a logged-in visitor (SPEC section 7)', async () => {
    answer = { status: 200, body: { success: true, data: [testimonial(1)] } };
    api.calls = [];
    renderSection(<TestimonialsPage />, { path: '/testimonial', token: 'session-token' });
    await screen.findAllByRole('article');
    expect(api.calls.map((call) => call.path)).toEqual(['/api/dashboard/testimonials']);
    expect(api.calls.map((call) => call.token)).toEqual([undefined]);
  });

  it('only logs a failed fetch: the list stays empty', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = { status: 200, body: { success: false, message: 'Nope' } };
    renderSection(<TestimonialsPage />, { path: '/testimonial' });
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Testimonials could not be loaded', expect.anything()),
    );
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.queryByText('Nope')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
