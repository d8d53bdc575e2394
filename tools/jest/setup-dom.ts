import '@testing-library/jest-dom';

// jsdom has no layout engine: these are the browser APIs the shop calls that jsdom leaves out.
if (typeof window !== 'undefined') {
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
  if (!('IntersectionObserver' in window)) {
    class NoopIntersectionObserver {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
      takeRecords(): [] {
        return [];
      }
    }
    Object.defineProperty(window, 'IntersectionObserver', {
      value: NoopIntersectionObserver,
      writable: true,
    });
  }
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
}
