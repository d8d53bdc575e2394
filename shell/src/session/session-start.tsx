import { useEffect } from 'react';
import { detectCountry, restoreSession, useAppDispatch } from '@metrology/shared';

/** First load: restore the stored session and its cart, and ask where the visitor is (never blocking). */
export function SessionStart() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(restoreSession());
    void dispatch(detectCountry());
  }, [dispatch]);
  return null;
}
