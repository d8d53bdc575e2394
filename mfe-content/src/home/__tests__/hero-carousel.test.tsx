import { act, fireEvent, screen } from '@testing-library/react';
import { HERO_INTERVAL_MS } from '@metrology/shared';
import { HeroCarousel } from '../hero-carousel';
import { renderSection } from '@metrology/test-kit';
import { setReducedMotion } from '@metrology/test-kit';

const visibleTitle = () => screen.getByRole('heading', { level: 2 }).textContent;
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => {
  jest.useFakeTimers();
  setReducedMotion(false);
});
afterEach(() => {
  jest.useRealTimers();
});

describe('hero carousel', () => {
  it('shows three slides, the first one first, with Explore Products and Contact Us', () => {
    renderSection(<HeroCarousel />);
    expect(visibleTitle()).toBe('Precision Metrology');
    expect(
      screen
        .getAllByRole('group', { hidden: true })
        .filter((g) => g.getAttribute('aria-roledescription') === 'slide'),
    ).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Explore Products' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('img')).toHaveAttribute('width', '1600');
  });

  it('advances every 6 s and wraps around after the third slide', () => {
    renderSection(<HeroCarousel />);
    advance(HERO_INTERVAL_MS - 1);
    expect(visibleTitle()).toBe('Precision Metrology');
    advance(1);
    expect(visibleTitle()).toBe('Coordinate Measuring');
    advance(HERO_INTERVAL_MS);
    expect(visibleTitle()).toBe('Industrial Quality');
    advance(HERO_INTERVAL_MS);
    expect(visibleTitle()).toBe('Precision Metrology');
  });

  it('counts the first slide from the page itself when the server rendered it, however late it hydrates', () => {
    // The server's hero is in the page (a shopper has watched its first slide since the page showed) ...
    const served = document.createElement('section');
    served.className = 'content-hero';
    document.body.append(served);
    try {
      // ... and the script takes 6.5 s to arrive: the slide has shown long enough, so it moves on at once.
      jest.advanceTimersByTime(HERO_INTERVAL_MS + 500);
      renderSection(<HeroCarousel />);
      expect(visibleTitle()).toBe('Precision Metrology');
      advance(0);
      expect(visibleTitle()).toBe('Coordinate Measuring');
      // From then on, every 6 s.
      advance(HERO_INTERVAL_MS - 1);
      expect(visibleTitle()).toBe('Coordinate Measuring');
      advance(1);
      expect(visibleTitle()).toBe('Industrial Quality');
    } finally {
      served.remove();
    }
  });

  it('jumps to the slide a dot names and restarts the interval from there', () => {
    renderSection(<HeroCarousel />);
    advance(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Slide 3: Industrial Quality' }));
    expect(visibleTitle()).toBe('Industrial Quality');
    expect(screen.getByRole('button', { name: 'Slide 3: Industrial Quality' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Slide 1: Precision Metrology' })).not.toHaveAttribute(
      'aria-current',
    );
    advance(HERO_INTERVAL_MS - 1);
    expect(visibleTitle()).toBe('Industrial Quality');
    advance(1);
    expect(visibleTitle()).toBe('Precision Metrology');
  });

  it('stops while the pointer is over it and resumes when it leaves', () => {
    renderSection(<HeroCarousel />);
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(carousel);
    advance(HERO_INTERVAL_MS * 3);
    expect(visibleTitle()).toBe('Precision Metrology');
    fireEvent.mouseLeave(carousel);
    advance(HERO_INTERVAL_MS);
    expect(visibleTitle()).toBe('Coordinate Measuring');
  });

  it('stops while keyboard focus is inside it', () => {
    renderSection(<HeroCarousel />);
    const link = screen.getByRole('link', { name: 'Explore Products' });
    act(() => link.focus());
    advance(HERO_INTERVAL_MS * 2);
    expect(visibleTitle()).toBe('Precision Metrology');
    act(() => link.blur());
    advance(HERO_INTERVAL_MS);
    expect(visibleTitle()).toBe('Coordinate Measuring');
  });

  it('has a pause button that stops and restarts the rotation and makes slide changes polite', () => {
    renderSection(<HeroCarousel />);
    const pause = screen.getByRole('button', { name: 'Pause slideshow' });
    fireEvent.click(pause);
    // The click focused nothing in jsdom, so only the button's own state stops the rotation here.
    advance(HERO_INTERVAL_MS * 2);
    expect(visibleTitle()).toBe('Precision Metrology');
    expect(document.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(HERO_INTERVAL_MS);
    expect(visibleTitle()).toBe('Coordinate Measuring');
    expect(document.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'off');
  });

  it('never moves by itself for visitors who prefer reduced motion', () => {
    setReducedMotion(true);
    renderSection(<HeroCarousel />);
    advance(HERO_INTERVAL_MS * 5);
    expect(visibleTitle()).toBe('Precision Metrology');
    expect(screen.queryByRole('button', { name: /slideshow/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Slide 2: Coordinate Measuring' }));
    expect(visibleTitle()).toBe('Coordinate Measuring');
  });
});
