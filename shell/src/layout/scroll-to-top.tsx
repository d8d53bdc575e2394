import { useEffect, useRef } from 'react';
import { useLocation } from '@metrology/shared/router';

/**
 * The page scrolls smoothly to the top on every path change (SPEC section 2). Not when the page first comes to
 * life: a server-rendered page may have been scrolled (or opened at an anchor) before hydration, and the shopper
 * would be taken away from what they are reading.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
