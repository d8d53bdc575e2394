import { useEffect, useState } from 'react';
import { NAVBAR_SCROLL_THRESHOLD_PX } from '@metrology/shared';

/** True once the page has scrolled more than the navbar threshold (SPEC section 9: 10 px). */
export function useScrolledPast(threshold = NAVBAR_SCROLL_THRESHOLD_PX): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
