import { useEffect } from 'react';
import { errorMessage, notify } from '@metrology/shared';

/**
 * SPEC section 8, Product list: a failed load shows a toast with the server's message, beside the inline message
 * with its retry. One toast per failure (a new error object), none while it stands.
 */
export function useFailureToast(error: unknown, fallback = 'Failed to load products'): void {
  useEffect(() => {
    if (error) notify.error(errorMessage(error, fallback));
  }, [error, fallback]);
}
