import { fireEvent, screen, within } from '@testing-library/react';
import { ClientMarquee } from '../client-marquee';
import { renderSection } from '@metrology/test-kit';
import { setReducedMotion } from '@metrology/test-kit';

describe('client logo marquee', () => {
  it('moves, with a second copy hidden from assistive technology, and a button pauses it', () => {
    setReducedMotion(false);
    const { container } = renderSection(<ClientMarquee />);
    const region = screen.getByRole('region', { name: 'Trusted by industry leaders' });
    expect(within(region).getAllByRole('img')).toHaveLength(16);
    expect(within(region).getByRole('img', { name: 'Aerovane Systems' })).toHaveAttribute('width', '240');
    const lists = container.querySelectorAll('.content-marquee__list');
    expect(lists).toHaveLength(2);
    expect(lists[1]).toHaveAttribute('aria-hidden', 'true');
    const track = container.querySelector('.content-marquee__track');
    expect(track).not.toHaveAttribute('data-paused');
    fireEvent.click(screen.getByRole('button', { name: 'Pause logos' }));
    expect(track).toHaveAttribute('data-paused', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Play logos' }));
    expect(track).not.toHaveAttribute('data-paused');
  });

  it('stands still as one list for reduced motion', () => {
    setReducedMotion(true);
    const { container } = renderSection(<ClientMarquee />);
    expect(container.querySelectorAll('.content-marquee__list')).toHaveLength(1);
    expect(container.querySelector('.content-marquee__viewport--moving')).toBeNull();
    expect(screen.queryByRole('button', { name: /logos/ })).not.toBeInTheDocument();
  });
});
