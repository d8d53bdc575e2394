import '@testing-library/jest-dom';
import { configureApiCalls } from '../../shared/src/api/base-api';

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

// The API client retries idempotent calls with a backoff; component tests see the first failure at once (the
// retries have their own test in shared/src/api/__tests__).
configureApiCalls({ retryDelaysMs: [] });
