import { useEffect } from 'react';

/** What floating things must never cover: the page's main action (Add to Cart, Place Order, ...). */
const MAIN_ACTION = '[data-main-action]';
const LAUNCHER = '.shell-chat__launcher';
const TOASTS = '.notistack-SnackbarContainer';
const HEADER = '.shell-header';
const GAP = 8;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function mainActions(): Box[] {
  return [...document.querySelectorAll<HTMLElement>(MAIN_ACTION)]
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight);
}

/** Where the chat button sits when nothing pushes it (CSS: bottom-right corner). */
function launcherRest(launcher: HTMLElement, lift: number): Box {
  const box = launcher.getBoundingClientRect();
  return { top: box.top + lift, bottom: box.bottom + lift, left: box.left, right: box.right };
}

/**
 * Keeps the floating chat button and the toasts off the page's main action and the header (with its cart
 * badge), at every width: the chat button rises above a main action under it (or steps aside when there is no
 * room), and toasts sit below the sticky header, or at the bottom when the main action is just below the header.
 */
export function KeepClear() {
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    // Written on the first pass, then only when it changes.
    let lift = -1;
    // The chat button already placed once (it arrives after the page is live, see DeferredOverlays).
    let placed: HTMLElement | null = null;

    const update = () => {
      frame = 0;
      const actions = mainActions();
      const header = document.querySelector<HTMLElement>(HEADER)?.getBoundingClientRect();
      const headerBottom = Math.max(0, header?.bottom ?? 0);

      const launcher = document.querySelector<HTMLElement>(LAUNCHER);
      let launcherTop = window.innerHeight;
      if (launcher) {
        const rest = launcherRest(launcher, Math.max(0, lift));
        const under = actions.filter((action) => overlaps(rest, action));
        let next = 0;
        let hidden = false;
        if (under.length > 0) {
          next = rest.bottom - Math.min(...under.map((action) => action.top)) + GAP;
          // No room above the action: the button steps aside until the page scrolls on.
          if (rest.top - next < headerBottom + GAP) {
            next = 0;
            hidden = true;
          }
        }
        if (next !== lift) {
          lift = next;
          root.style.setProperty('--shell-chat-lift', `${lift}px`);
        }
        root.toggleAttribute('data-chat-aside', hidden);
        if (!hidden) launcherTop = rest.top - lift;
        if (launcher !== placed) {
          // A new button takes its place at once: its lift animates only when the page moves under it later.
          launcher.style.transition = 'none';
          void launcher.getBoundingClientRect();
          launcher.style.removeProperty('transition');
          placed = launcher;
        }
      }

      for (const container of document.querySelectorAll<HTMLElement>(TOASTS)) {
        const height = container.getBoundingClientRect().height;
        const { left, right } = container.getBoundingClientRect();
        const below: Box = { top: headerBottom + GAP, bottom: headerBottom + GAP + height, left, right };
        const atBottom = actions.some((action) => overlaps(below, action));
        if (atBottom) {
          container.style.top = 'auto';
          container.style.bottom = `${Math.max(GAP, window.innerHeight - launcherTop + GAP)}px`;
        } else {
          container.style.top = `${below.top}px`;
          container.style.bottom = 'auto';
        }
      }
    };

    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Pages, toasts and the chat button come and go; attribute changes on <html> are not watched (no loop).
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    schedule();
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
      root.style.removeProperty('--shell-chat-lift');
      root.removeAttribute('data-chat-aside');
    };
  }, []);
  return null;
}
