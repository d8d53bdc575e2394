import '@testing-library/jest-dom';
import { configureApiCalls } from '../../shared/src/api/base-api';
import { stubMatchMedia } from '../../test-kit/src/browser';

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
  if (!window.matchMedia) stubMatchMedia(() => false);
}

// The API client retries idempotent calls with a backoff; component tests see the first failure at once (the
// retries have their own test in shared/src/api/__tests__).
configureApiCalls({ retryDelaysMs: [] });
