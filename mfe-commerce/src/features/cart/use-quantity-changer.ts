import { useCallback, useRef } from 'react';
import { quantitySet, updateCartQuantity, useAppDispatch } from '@metrology/shared';

interface ItemQueue {
  running: boolean;
  /** The latest quantity asked for while a sync was running; only this one is sent next. */
  next: number | null;
}

/**
 * Sets cart quantities through the shared `updateCartQuantity` thunk, one sync per item at a time.
 * Quick clicks show at once, and the server always ends with the last value chosen: requests for the same
 * item never overlap, so they cannot arrive out of order.
 */
export function useQuantityChanger(): (itemId: string, quantity: number) => void {
  const dispatch = useAppDispatch();
  const queues = useRef(new Map<string, ItemQueue>());

  return useCallback(
    (itemId: string, quantity: number) => {
      let queue = queues.current.get(itemId);
      if (!queue) {
        queue = { running: false, next: null };
        queues.current.set(itemId, queue);
      }
      if (queue.running) {
        // Shown now; sent when the running sync has finished.
        dispatch(quantitySet({ itemId, quantity }));
        queue.next = quantity;
        return;
      }
      const run = async (value: number, q: ItemQueue): Promise<void> => {
        q.running = true;
        try {
          await dispatch(updateCartQuantity(itemId, value));
        } finally {
          const next = q.next;
          q.next = null;
          if (next !== null) await run(next, q);
          else q.running = false;
        }
      };
      void run(quantity, queue);
    },
    [dispatch],
  );
}
