import { useEffect, useRef, type RefObject } from 'react';

/** The open popups, innermost (latest opened) last: Escape closes only the innermost one. */
const openStack: object[] = [];

/**
 * While `open`, closes on a pointer press outside `container` and on Escape. After Escape the focus goes back
 * to `returnFocus` (the control that opened it) when it was inside, so keyboard users are not stranded.
 */
export function useDismiss(
  container: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
  returnFocus?: RefObject<HTMLElement | null>,
): void {
  // The latest close without re-subscribing the listeners on every render.
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });

  useEffect(() => {
    if (!open) return;
    const me = {};
    openStack.push(me);
    const onPointerDown = (event: Event) => {
      const target = event.target as Node | null;
      if (target && container.current && !container.current.contains(target)) closeRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || openStack.at(-1) !== me) return;
      const hadFocus = container.current?.contains(document.activeElement) ?? false;
      closeRef.current();
      if (hadFocus) returnFocus?.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      openStack.splice(openStack.indexOf(me), 1);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, container, returnFocus]);
}
