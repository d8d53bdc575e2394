// Gives back what the page's early-input script (@metrology/shared/early-input) held before hydration: each click
// or submit once, when the element React owns has hydrated and the shopper's session is restored (so a replayed
// "Add to cart" lands in the cart the page goes on with, not in the server render's copy that is about to be
// replaced).

/** One held input, as the early-input script queues it. */
export interface HeldInput {
  type: 'click' | 'submit';
  el: HTMLElement;
  by: HTMLElement | null;
}

/** What the early-input script leaves on the page (window.__shopEarly). */
export interface EarlyInput {
  q: HeldInput[];
  /** Set as hydration starts: from then on nothing held is sent natively by the fallback timer. */
  live: boolean;
  /** Sends the held post forms natively (the page's script failed). */
  fail: () => void;
  /** Called by the script when it holds something new. */
  wake?: () => void;
}

declare global {
  interface Window {
    __shopEarly?: EarlyInput;
  }
}

/** React has hydrated an element once it carries its props (the same test as the early-input script's). */
export function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps'));
}

function release(entry: HeldInput): void {
  entry.el.removeAttribute('aria-busy');
  entry.by?.removeAttribute('aria-busy');
}

function giveBack(entry: HeldInput): void {
  release(entry);
  if (entry.type === 'click') {
    entry.el.click();
    return;
  }
  const form = entry.el as HTMLFormElement;
  // The button pressed decides what the form does (its click handler, or its name and value).
  if (entry.by) entry.by.click();
  else form.requestSubmit();
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
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (delay: number) => {
    timer ??= setTimeout(tick, delay);
  };
  // Input held later (a part still hydrating) starts the loop again.
  early.wake = () => {
    if (timer === undefined) started = Date.now();
    schedule(0);
  };
  const tick = () => {
    timer = undefined;
    if (ready()) {
      for (const entry of [...early.q]) {
        if (!entry.el.isConnected) {
          // React rendered this part afresh (its server HTML could not be used): the element is gone.
          early.q.splice(early.q.indexOf(entry), 1);
          release(entry);
          console.warn('An action taken before the page was ready could not be replayed', entry.el);
          continue;
        }
        if (!isHydrated(entry.el) || (entry.by && !isHydrated(entry.by))) continue;
        early.q.splice(early.q.indexOf(entry), 1);
        giveBack(entry);
      }
    }
    if (early.q.length === 0) return;
    if (Date.now() - started > giveUpMs) {
      early.live = false;
      early.fail();
      for (const entry of early.q.splice(0)) release(entry);
      return;
    }
    schedule(everyMs);
  };
  schedule(0);
  return () => {
    delete early.wake;
    if (timer !== undefined) clearTimeout(timer);
  };
}
