import { useSyncExternalStore, type ReactNode } from 'react';
import { HydrationBoundary } from './hydration-boundary.js';

/**
 * A part of a server-rendered page that no first view needs (the footer, the client marquee, related products):
 * its HTML is there from the start, but its hydration waits until it scrolls near the viewport, the browser is
 * idle for a while, or the shopper points at or tabs into it. A render that is not a hydration (a page reached in
 * the browser) renders it at once.
 */
const waits = new WeakMap<Element, { promise: Promise<void>; done: boolean }>();
/** How long an untouched part may wait before it hydrates anyway. */
const IDLE_TIMEOUT_MS = 8_000;

/** The parts still waiting: a navigation hydrates them all (see hydrateDeferredParts). */
const pending = new Set<() => void>();

/**
 * Hydrates every part still waiting, at once. A navigation changes the router's location, which reaches every
 * link on the page, inside the waiting parts too: React cannot apply it to a part it has not hydrated, so the
 * navigation would wait for the part (up to the idle timeout) before the new page showed.
 */
export function hydrateDeferredParts(): void {
  for (const go of [...pending]) go();
}

function whenNeeded(element: Element): Promise<void> {
  return new Promise((resolve) => {
    let observer: IntersectionObserver | null = null;
    const go = () => {
      pending.delete(go);
      observer?.disconnect();
      element.removeEventListener('pointerover', go, true);
      element.removeEventListener('focusin', go, true);
      resolve();
    };
    if (typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) go();
        },
        { rootMargin: '200px' },
      );
      observer.observe(element);
    }
    element.addEventListener('pointerover', go, true);
    element.addEventListener('focusin', go, true);
    pending.add(go);
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => void })
      .requestIdleCallback;
    setTimeout(() => (idle ? idle(go, { timeout: 2_000 }) : go()), IDLE_TIMEOUT_MS);
  });
}

const noSubscription = () => () => undefined;

function Gate({ name }: { name: string }): null {
  // React reads the server snapshot while it hydrates server HTML, and the client one in any other render.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  if (!hydrating || typeof document === 'undefined') return null;
  const element = document.querySelector(`[data-hydrate-when="${name}"]`);
  if (!element) return null;
  let wait = waits.get(element);
  if (!wait) {
    const entry = { promise: Promise.resolve(), done: false };
    entry.promise = whenNeeded(element).then(() => {
      entry.done = true;
    });
    wait = entry;
    waits.set(element, wait);
  }
  if (!wait.done) throw wait.promise;
  return null;
}

export function HydrateWhenVisible({ name, children }: { name: string; children: ReactNode }) {
  return (
    // A box of its own (not display: contents), so the viewport observer can see it.
    <div data-hydrate-when={name}>
      <HydrationBoundary>
        <Gate name={name} />
        {children}
      </HydrationBoundary>
    </div>
  );
}
