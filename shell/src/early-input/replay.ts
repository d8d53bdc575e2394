// Gives back what the page's early-input script (@metrology/server-kit/early-input) held before hydration: each click
// or submit once, when the element React owns has hydrated and the shopper's session is restored (so a replayed
// "Add to cart" lands in the cart the page goes on with, not in the server render's copy that is about to be
// replaced).

import type { EarlyInput, HeldPress } from '@metrology/shared/early-input';

function release(entry: HeldPress): void {
  entry.el.removeAttribute('aria-busy');
  entry.by?.removeAttribute('aria-busy');
}

function giveBack(early: EarlyInput, entry: HeldPress): void {
  release(entry);
  // The script lets the press's own events through while this is set (a click, the submit it sends, an Escape).
  early.giving = true;
  try {
    dispatch(entry);
  } finally {
    early.giving = false;
  }
}

function dispatch(entry: HeldPress): void {
  if (entry.type === 'key') {
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }),
    );
    return;
  }
  if (entry.type === 'click') {
    entry.el.click();
    return;
  }
  const form = entry.el as HTMLFormElement;
  // The button pressed decides what the form does (its click handler, or its name and value).
  if (entry.by) entry.by.click();
  else form.requestSubmit();
}

/**
 * A held press whose element is gone, on the control that replaced it: the one of the same name in the same place
 * (a held form, by the button that sent it), or null where there is none. The page's script may be of another
 * release, without `find`.
 */
function foundAgain(early: EarlyInput, entry: HeldPress): HeldPress | null {
  const again = entry.n ? early.find?.(entry.n)[entry.i ?? -1] : undefined;
  if (!again) return null;
  if (entry.type === 'click') return { ...entry, el: again };
  const form = again instanceof HTMLButtonElement ? again.form : null;
  return form ? { ...entry, el: form, by: again } : null;
}

/**
 * The first held entry, on the element that stands for it now. React may have rendered its part afresh (its server
 * HTML could not be used): the element pressed is gone and its new copy takes the press; a press with no copy is
 * let go, and the next one waits for the next look.
 */
function firstHeld(early: EarlyInput): HeldPress | undefined {
  const first = early.q[0];
  if (!first || first.type === 'key' || first.el.isConnected) return first;
  const again = foundAgain(early, first);
  if (again) return (early.q[0] = again);
  early.q.shift();
  release(first);
  console.warn('An action taken before the page was ready could not be replayed', first.el);
  return undefined;
}

/** What a press given back may have opened for an Escape held after it: a dialog or an expanded menu. */
const OPENED = '[role=dialog],dialog[open],[aria-expanded=true]';
/** How long an Escape held after a press waits for what that press opens (a dialog whose code is loading). */
const KEY_WAITS_MS = 2000;

/**
 * Whether a held entry can be given back now: a press once its element (and the button that sent a form) has
 * hydrated; an Escape once what the press before it opened is there, or after KEY_WAITS_MS.
 */
function canGiveBack(early: EarlyInput, entry: HeldPress, lastGivenAt: number): boolean {
  if (entry.type === 'key')
    return document.querySelector(OPENED) !== null || Date.now() - lastGivenAt > KEY_WAITS_MS;
  return early.owned(entry.el) && (!entry.by || early.owned(entry.by));
}

/** Hydration is starting: the early-input script's native fallback must not send anything from now on. */
export function markEarlyInputLive(): void {
  if (window.__shopEarly) window.__shopEarly.live = true;
}

/**
 * Replays the held input as its parts hydrate. `ready` says whether the page's state is live (the session and the
 * cart restored). Input whose part never hydrates within `giveUpMs` is released: a post form is sent natively,
 * anything else stops looking busy. Returns a function that stops the replayer.
 */
export function replayEarlyInput({
  ready,
  everyMs = 50,
  giveUpMs = 30_000,
}: {
  ready: () => boolean;
  everyMs?: number;
  giveUpMs?: number;
}): () => void {
  const early = window.__shopEarly;
  if (!early) return () => undefined;
  let started = Date.now();
  let lastGivenAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (delay: number) => {
    timer ??= setTimeout(tick, delay);
  };
  // An Escape held after a press waits for what that press opens, and goes the moment it is there: in the
  // microtask after React's commit, before the browser hands the page any later input (a click meant for the page
  // under the dialog, say), as it would have come had the page been live when the shopper pressed it.
  let opening: MutationObserver | undefined;
  const stopWatching = () => {
    opening?.disconnect();
    opening = undefined;
  };
  const watchForOpened = () => {
    if (opening || typeof MutationObserver === 'undefined') return;
    opening = new MutationObserver(() => {
      if (!document.querySelector(OPENED)) return;
      stopWatching();
      if (timer !== undefined) clearTimeout(timer);
      tick();
    });
    opening.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['role', 'open', 'aria-expanded'],
    });
  };
  // Input held later (a part still hydrating) starts the loop again.
  early.wake = () => {
    if (timer === undefined) started = Date.now();
    schedule(0);
  };
  const tick = () => {
    timer = undefined;
    // In order, one per task: the first held input once its element has hydrated (React commits what it did
    // before the next is given back, so two presses of + are two steps). Text typed before it needs no waiting
    // for: the fields keep their own text (uncontrolled), so a press given back reads what the page holds.
    const next = early.q.length > 0 && ready() ? firstHeld(early) : undefined;
    if (next) {
      if (canGiveBack(early, next, lastGivenAt)) {
        stopWatching();
        early.q.shift();
        giveBack(early, next);
        lastGivenAt = Date.now();
        if (early.q.length > 0) {
          schedule(0);
          return;
        }
      } else if (next.type === 'key') {
        watchForOpened();
      }
    }
    if (early.q.length === 0) return;
    if (Date.now() - started > giveUpMs) {
      early.live = false;
      early.fail();
      for (const entry of early.q.splice(0)) release(entry);
      stopWatching();
      return;
    }
    schedule(everyMs);
  };
  schedule(0);
  return () => {
    delete early.wake;
    stopWatching();
    if (timer !== undefined) clearTimeout(timer);
  };
}
