import { useEffect } from 'react';
import { useLocation } from '@metrology/shared/router';

/** The page scrolls smoothly to the top on every path change (SPEC section 2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
