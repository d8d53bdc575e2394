import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from '@metrology/shared/router';
import { focusEdge, moveFocusWithin } from './focus-list';
import { useDismiss } from './use-dismiss';

/**
 * A button that shows a panel (the nav dropdowns, the account menu). It closes on an outside press, on Escape
 * (focus back to the button), when the focus leaves it and on every route change; arrow keys open it and move
 * between its items.
 */
export function useDisclosureMenu() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const location = useLocation();

  useDismiss(container, open, () => setOpen(false), button);

  // Any navigation (a link in the panel or elsewhere) closes the panel.
  const [seenLocation, setSeenLocation] = useState(location);
  if (seenLocation !== location) {
    setSeenLocation(location);
    setOpen(false);
  }

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      // Shown synchronously so that the focus can move into it at once.
      flushSync(() => setOpen(true));
      focusEdge(panel.current, event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onItemKeyDown = (event: KeyboardEvent) => {
    moveFocusWithin(panel.current, event);
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !container.current?.contains(next)) setOpen(false);
  };

  return { open, setOpen, container, button, panel, panelId, onButtonKeyDown, onItemKeyDown, onBlur };
}
