import { useEffect } from 'react';
import { restoreSession } from '../store/cart-thunks.js';
import { detectCountry } from '../store/geo-slice.js';
import { useAppDispatch } from '../store/hooks.js';

/**
 * First load, in the shell and in a section's standalone harness alike: restore the stored session and its cart,
 * and ask where the visitor is (never blocking).
 */
export function SessionStart() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(restoreSession());
    void dispatch(detectCountry());
  }, [dispatch]);
  return null;
}
