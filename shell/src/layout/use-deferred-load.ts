import { useEffect, useState, type RefObject } from 'react';

/** How far below the viewport an element may be and still count as about to be seen. */
const NEAR_VIEWPORT = '300px';

/** Runs `run` once the page has loaded and the browser is idle; returns a cancel. */
export function afterPageLoad(run: () => void): () => void {
  let cancelled = false;
  const idle = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window)
      window.requestIdleCallback(() => !cancelled && run(), { timeout: 2000 });
    else setTimeout(() => !cancelled && run(), 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
  };
}

/**
 * True once the page has finished loading, the browser is idle and `target` is near the viewport.
 * Third-party images and scripts wait for this, so they can never delay or block the shop's own page.
 */
export function useDeferredLoad(target: RefObject<HTMLElement | null>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const element = target.current;
    let stopWaiting: (() => void) | undefined;
    const observer =
      element && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              observer?.disconnect();
              stopWaiting = afterPageLoad(() => setReady(true));
            },
            { rootMargin: NEAR_VIEWPORT },
          )
        : null;
    if (observer && element) observer.observe(element);
    else stopWaiting = afterPageLoad(() => setReady(true));
    return () => {
      observer?.disconnect();
      stopWaiting?.();
    };
  }, [ready, target]);
  return ready;
}
