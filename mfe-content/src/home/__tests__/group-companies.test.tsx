import { act, screen } from '@testing-library/react';
import { COUNTER_ANIMATION_MS } from '@metrology/shared';
import { GroupCompanies } from '../group-companies';
import { renderSection } from '@metrology/test-kit';
import { setReducedMotion } from '@metrology/test-kit';

/** An IntersectionObserver the test drives: `scrollIntoView()` reports the element as visible. */
class TestObserver {
  static instances: TestObserver[] = [];
  disconnected = false;
  targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    TestObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  report(isIntersecting: boolean) {
    const entries = this.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const shown = () => screen.getAllByTestId('counter-value').map((node) => node.textContent);
const live = () => TestObserver.instances.filter((o) => !o.disconnected);

beforeEach(() => {
  TestObserver.instances = [];
  window.IntersectionObserver = TestObserver as unknown as typeof IntersectionObserver;
  jest.useFakeTimers();
  setReducedMotion(false);
});
afterEach(() => jest.useRealTimers());

describe('group of companies', () => {
  it('shows the three cards', () => {
    renderSection(<GroupCompanies />);
    for (const title of ['Products', 'Calibration', 'Precision']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
  });

  it('waits at 0 until the counters scroll into view, then counts up to 40, 5000, 5 and 10000 in 2 s', () => {
    renderSection(<GroupCompanies />);
    act(() => jest.advanceTimersByTime(5000));
    expect(shown()).toEqual(['0+', '0+', '0+', '0+']);

    act(() => live()[0]?.report(false));
    act(() => jest.advanceTimersByTime(1000));
    expect(shown()).toEqual(['0+', '0+', '0+', '0+']);

    act(() => live()[0]?.report(true));
    act(() => jest.advanceTimersByTime(COUNTER_ANIMATION_MS / 2));
    const midway = screen.getAllByTestId('counter-value').map((node) => parseInt(node.textContent ?? '', 10));
    expect(midway[1]).toBeGreaterThan(0);
    expect(midway[1]).toBeLessThan(5000);

    act(() => jest.advanceTimersByTime(COUNTER_ANIMATION_MS / 2 + 100));
    expect(shown()).toEqual(['40+', '5000+', '5+', '10000+']);
    // Screen readers get the final figures with their labels, never the moving ones.
    expect(screen.getByText('5000+', { selector: '.ms-visually-hidden' })).toBeInTheDocument();
    expect(screen.getByText('Happy clients')).toBeInTheDocument();
  });

  it('animates only once: the observer is let go after the first sighting', () => {
    renderSection(<GroupCompanies />);
    const observer = live()[0];
    act(() => observer?.report(true));
    act(() => jest.advanceTimersByTime(COUNTER_ANIMATION_MS + 100));
    expect(observer?.disconnected).toBe(true);
    expect(live()).toHaveLength(0);
    act(() => observer?.report(true));
    act(() => jest.advanceTimersByTime(100));
    expect(shown()).toEqual(['40+', '5000+', '5+', '10000+']);
  });

  it('shows the final figures straight away for reduced motion', () => {
    setReducedMotion(true);
    renderSection(<GroupCompanies />);
    expect(shown()).toEqual(['40+', '5000+', '5+', '10000+']);
  });
});
