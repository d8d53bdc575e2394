import { Suspense, type ReactNode } from 'react';

/**
 * The page's own record of what React owns, read by the early-input script and the shell's replayer (which hold a
 * press until React handles it): each hydration boundary's box carries `data-hydration` from the server, and
 * `data-live` once the commit that hydrated (or rendered) its content is done; `<html data-hydrated>` marks the
 * page's root. An element is React's when its closest box is live, or, outside every box, once the root is.
 */
/** A ref is attached in the commit that makes the box's content React's: the moment events reach its handlers. */
function markLive(box: HTMLDivElement | null): void {
  box?.setAttribute('data-live', '');
}

/**
 * A Suspense boundary around server-rendered content, in a box of its own (`display: contents`, so it adds nothing
 * to the layout). React hydrates each boundary as one unit after the one around it; the box says when this one is
 * done. Every boundary that can hold server HTML is one of these, so the closest box of any element is the boundary
 * that hydrates it.
 */
export function HydrationBoundary({
  fallback = null,
  children,
}: {
  fallback?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <div data-hydration="" ref={markLive}>
        {children}
      </div>
    </Suspense>
  );
}
