import { withSectionApi } from '@metrology/test-kit';
import { figureOf, pathAt, routeOf, sendFigures, FIGURES_PER_BEACON } from '../measure';
import { inSpeedSample } from '../start-vitals';
import type * as StartVitals from '../start-vitals';

const api = withSectionApi();
beforeEach(() => {
  api.override('POST /api/releases/vitals', () => ({ status: 200, body: { success: true, message: 'ok' } }));
});

/** A page token as the site signs it: base64url JSON, '.', a signature the browser never checks. */
const token = (payload: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ session: 's', ...payload })).toString('base64url')}.signature`;

test('a figure belongs to the route pattern, never the URL, and to the remote that renders it', () => {
  expect(routeOf('/product/digital-caliper-150')).toEqual({ route: '/product/:slug', remote: 'mfe-catalog' });
  expect(routeOf('/about/')).toEqual({ route: '/about', remote: 'mfe-content' });
  expect(routeOf('/')).toEqual({ route: '/', remote: 'mfe-content' });
  expect(routeOf('/orders/42')).toEqual({ route: '/orders/:orderId', remote: 'mfe-commerce' });
  // The shell's own pages are no remote's.
  expect(routeOf('/releases')).toBeNull();
  expect(routeOf('/product/')).toBeNull();
});

test('INP goes to the route of its interaction; LCP, CLS and TTFB to the page the shopper landed on', () => {
  const timeline = [
    { at: 10, pathname: '/' },
    { at: 5000, pathname: '/product/gauge-block-set' },
  ];
  expect(pathAt(timeline, 0)).toBe('/');
  expect(pathAt(timeline, 6000)).toBe('/product/gauge-block-set');
  const versionOf = (remote: string) => ({ 'mfe-content': '2.0.0', 'mfe-catalog': '1.4.0' })[remote];
  const inp = { name: 'INP' as const, value: 312.4, entries: [{ startTime: 6100 } as PerformanceEntry] };
  expect(figureOf(inp, { versionOf, timeline })).toEqual({
    remote: 'mfe-catalog',
    version: '1.4.0',
    route: '/product/:slug',
    metric: 'INP',
    value: 312,
  });
  expect(figureOf({ name: 'CLS', value: 0.0512, entries: [] }, { versionOf, timeline })).toEqual({
    remote: 'mfe-content',
    version: '2.0.0',
    route: '/',
    metric: 'CLS',
    value: 0.0512,
  });
  expect(figureOf({ name: 'FCP', value: 100, entries: [] }, { versionOf, timeline })).toBeNull();
  expect(
    figureOf(
      { name: 'LCP', value: 900, entries: [] },
      { versionOf, timeline: [{ at: 0, pathname: '/releases' }] },
    ),
  ).toBeNull();
});

test('sends the figures with the page token as text (a fetch with keepalive where there is no beacon)', async () => {
  const figures = Array.from({ length: FIGURES_PER_BEACON + 1 }, (_, i) => ({
    remote: 'mfe-content',
    version: '2.0.0',
    route: '/',
    metric: 'TTFB' as const,
    value: i,
  }));
  expect(sendFigures(`${api.url}/api/releases/vitals`, 'the-token', figures)).toBe(2);
  for (let i = 0; i < 50 && api.callsTo('POST /api/releases/vitals').length < 2; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const calls = api.callsTo('POST /api/releases/vitals');
  expect(calls.map((call) => call.contentType)).toEqual(['text/plain', 'text/plain']);
  expect(calls.map((call) => (call.body as { figures: unknown[] }).figures.length).sort()).toEqual([1, 16]);
  expect(calls.every((call) => (call.body as { pageToken: string }).pageToken === 'the-token')).toBe(true);
});

describe('the sample', () => {
  afterEach(() => document.getElementById('page-token')?.remove());
  const page = (value: string) => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'page-token';
    script.textContent = JSON.stringify(value);
    document.body.append(script);
  };

  test('is what the page token says', () => {
    expect(inSpeedSample(token({ vitals: true }))).toBe(true);
    expect(inSpeedSample(token({ vitals: false }))).toBe(false);
    expect(inSpeedSample(token({}))).toBe(false);
    expect(inSpeedSample('not a token')).toBe(false);
    expect(inSpeedSample(undefined)).toBe(false);
  });

  /** A fresh copy of the module, as a new page has. */
  const freshStart = (): typeof StartVitals => {
    let loaded: typeof StartVitals | undefined;
    jest.isolateModules(() => {
      loaded = jest.requireActual<typeof StartVitals>('../start-vitals');
    });
    if (!loaded) throw new Error('start-vitals did not load');
    return loaded;
  };

  test('a page outside it adds no listener; one inside loads the measuring code at the first input, once', () => {
    const added = jest.spyOn(window, 'addEventListener');
    page(token({ vitals: false }));
    freshStart().startVitals(api.url, () => '1.0.0');
    expect(added.mock.calls.filter(([type]) => type === 'pointerdown')).toHaveLength(0);
    document.getElementById('page-token')?.remove();
    page(token({ vitals: true }));
    const inside = freshStart();
    inside.noteRoute('/about');
    inside.startVitals(api.url, () => '1.0.0');
    // The shell rendered again (or twice, in React's strict mode) starts nothing more.
    inside.startVitals(api.url, () => '1.0.0');
    expect(added.mock.calls.filter(([type]) => type === 'pointerdown')).toHaveLength(1);
    const removed = jest.spyOn(window, 'removeEventListener');
    window.dispatchEvent(new Event('pointerdown'));
    expect(removed.mock.calls.map(([type]) => type)).toEqual(
      expect.arrayContaining(['pointerdown', 'keydown']),
    );
    added.mockRestore();
    removed.mockRestore();
  });
});
