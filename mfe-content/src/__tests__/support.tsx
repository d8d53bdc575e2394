// Test support for the content section (not a test file itself); the fake API and render helper are the kit's.

/** A URL on which nothing listens: requests to it fail like an unreachable host. */
export const UNREACHABLE_ORIGIN = 'http://127.0.0.1:9';

/** Makes `prefers-reduced-motion: reduce` match (or not) for the components that read it. */
export function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
