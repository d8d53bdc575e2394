import type { KeyboardEvent } from 'react';

/**
 * Arrow keys, Home and End move the focus between the links and buttons of a menu panel.
 * Returns true when the key was handled.
 */
export function moveFocusWithin(panel: HTMLElement | null, event: KeyboardEvent): boolean {
  if (!panel) return false;
  const items = Array.from(panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'));
  if (items.length === 0) return false;
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next: number;
  switch (event.key) {
    case 'ArrowDown':
      next = index < 0 ? 0 : (index + 1) % items.length;
      break;
    case 'ArrowUp':
      next = index < 0 ? items.length - 1 : (index - 1 + items.length) % items.length;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = items.length - 1;
      break;
    default:
      return false;
  }
  event.preventDefault();
  items[next]?.focus();
  return true;
}

/** Focuses the first or last item of a panel that has just been shown. */
export function focusEdge(panel: HTMLElement | null, edge: 'first' | 'last'): void {
  const items = panel?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
  if (!items || items.length === 0) return;
  items[edge === 'first' ? 0 : items.length - 1]?.focus();
}
