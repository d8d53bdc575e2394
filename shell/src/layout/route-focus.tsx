import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '@metrology/shared/router';
import { registerNavigator } from '@metrology/shared';

/** How long a new page may take to show its heading (a section loads its code, then its data). */
const WAIT_FOR_HEADING_MS = 15_000;

/** Focus belongs to the page already: a dialog, or something the new page focused itself. */
function focusIsTaken(main: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  if (active.closest('[role="dialog"], [role="alertdialog"]')) return true;
  return main.contains(active) && active.getAttribute('data-route-focus') === null;
}

/** The page's main heading; a visually hidden one is a fine target for a screen reader, a hidden one is not. */
function visibleHeading(main: HTMLElement): HTMLHeadingElement | null {
  for (const heading of main.querySelectorAll('h1')) {
    if (heading.closest('[hidden], [aria-hidden="true"], [inert]')) continue;
    if (getComputedStyle(heading).display === 'none' || getComputedStyle(heading).visibility === 'hidden')
      continue;
    return heading;
  }
  return null;
}

/**
 * This page was reached by following a link of the shop to another of its pages (before the page it left had
 * hydrated, a link is a plain link and loads the page afresh): the shopper asked for it as for an in-site
 * navigation, and lands the same way.
 */
function arrivedByShopLink(): boolean {
  if (!document.referrer) return false;
  try {
    const from = new URL(document.referrer);
    const entry =
      typeof performance.getEntriesByType === 'function'
        ? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
        : undefined;
    return (
      from.origin === location.origin &&
      from.pathname !== location.pathname &&
      (entry?.type ?? 'navigate') === 'navigate'
    );
  } catch {
    return false;
  }
}

/**
 * Every in-site navigation moves focus to the new page's main heading, so keyboard and screen reader users
 * land on the page they asked for (not on <body>, or on the link of the page they left). Query changes
 * (filters, search) are not new pages. The first load keeps the browser's own focus, unless it came from a link
 * on another page of the shop, which is an in-site navigation all the same.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const first = useRef(true);

  useEffect(() => {
    registerNavigator((to) => void navigate(to));
    return () => registerNavigator(null);
  }, [navigate]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (!arrivedByShopLink()) return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    let focused: HTMLElement | null = null;
    const place = () => {
      if (focused && focused.isConnected) return;
      if (focusIsTaken(main) && !(focused && document.activeElement === document.body)) return;
      const heading = visibleHeading(main);
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.setAttribute('data-route-focus', '');
      heading.focus({ preventScroll: true });
      focused = heading;
    };
    // The heading appears when the section's code and data arrive; a loading heading may be replaced by the real one.
    const observer = new MutationObserver(place);
    observer.observe(main, { childList: true, subtree: true });
    const stop = () => observer.disconnect();
    const timer = window.setTimeout(stop, WAIT_FOR_HEADING_MS);
    // Once the shopper acts on the new page, focus is theirs.
    const handOver = () => {
      stop();
      window.clearTimeout(timer);
    };
    window.addEventListener('keydown', handOver, { once: true, capture: true });
    window.addEventListener('pointerdown', handOver, { once: true, capture: true });
    place();
    return () => {
      handOver();
      window.removeEventListener('keydown', handOver, { capture: true });
      window.removeEventListener('pointerdown', handOver, { capture: true });
    };
  }, [pathname]);

  return null;
}
