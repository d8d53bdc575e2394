import { useEffect, useState } from 'react';
import { NAVBAR_SCROLL_THRESHOLD_PX } from '@metrology/shared';

/**
 * True once the page has scrolled more than the navbar threshold (SPEC section 9: 10 px).
 * Starts false, as the server renders it, and reads the scroll position once mounted.
 */
export function useScrolledPast(threshold = NAVBAR_SCROLL_THRESHOLD_PX): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
