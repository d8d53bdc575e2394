import { act, fireEvent, render, screen } from '@testing-library/react';
import { createShopStore, notify, ShopProviders } from '@metrology/shared';

// SPEC section 9: auto-close after 5000 ms, paused on hover, at most one shown at a time.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function renderProviders() {
  render(
    <ShopProviders store={createShopStore()}>
      <p>page</p>
    </ShopProviders>,
  );
}

/** Timers in steps: each step lets React render and schedule the next (closing, then the exit transition). */
function advance(ms: number, step = 100) {
  for (let passed = 0; passed < ms; passed += step) act(() => void jest.advanceTimersByTime(step));
}

it('shows one toast at a time (a new one replaces the old) and closes it after 5 s', async () => {
  renderProviders();
  // The first toast of a visit brings the toast library (no part of the first load), then shows.
  expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();
  await act(async () => void notify.success('Welcome back!'));
  advance(1000);
  expect(screen.getByText('Welcome back!')).toBeInTheDocument();
  act(() => void notify.error('Failed to send message. Please try again.'));
  advance(1000);
  expect(screen.queryByText('Welcome back!')).not.toBeInTheDocument();
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
  // It appeared within the last second: still there 3.9 s on, gone (with its exit) 2.1 s after that.
  advance(3900);
  expect(screen.getByText('Failed to send message. Please try again.')).toBeInTheDocument();
  advance(2100);
  expect(screen.queryByText('Failed to send message. Please try again.')).not.toBeInTheDocument();
});

it('pauses while hovered', () => {
  renderProviders();
  act(() => void notify.info('Please login to proceed with checkout'));
  const toast = screen.getByText('Please login to proceed with checkout');
  fireEvent.mouseEnter(toast.closest('.notistack-Snackbar') ?? toast);
  advance(20_000);
  expect(screen.getByText('Please login to proceed with checkout')).toBeInTheDocument();
  fireEvent.mouseLeave(toast.closest('.notistack-Snackbar') ?? toast);
  advance(6000);
  expect(screen.queryByText('Please login to proceed with checkout')).not.toBeInTheDocument();
});

it('is announced and sits at the top right', () => {
  renderProviders();
  act(() => void notify.success('Account created successfully!'));
  expect(screen.getByRole('alert')).toHaveTextContent('Account created successfully!');
  const container = screen.getByRole('alert').closest('.notistack-SnackbarContainer') as HTMLElement;
  const style = getComputedStyle(container);
  expect(style.top).not.toBe('auto');
  expect(style.top).not.toBe('');
  expect(style.right).not.toBe('');
  expect(style.bottom === '' || style.bottom === 'auto').toBe(true);
});
