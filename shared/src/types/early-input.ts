// The page global between the early-input script (@metrology/server-kit/early-input, inline in the page's head)
// and the shell's replayer (shell/src/early-input/replay.ts): the script fills it before hydration, the replayer
// empties it after. Types only: the script is sent as text and the shell bundles nothing from here.

/** What a press was: a click, a form's submit, or Escape pressed while a press was held. */
export type PressType = 'click' | 'submit' | 'key';

/** One held press, as the script queues it and the replayer gives it back. */
export interface HeldPress {
  /** key: Escape, given back to where the focus is then. */
  type: PressType;
  el: HTMLElement;
  /** The submit button that sent a held form (its name and value go with the form), or null. */
  by: HTMLElement | null;
  /**
   * The pressed control (a form's submit button) as the page finds it again, should React render its part afresh
   * and the element be gone: its name, as `find` takes it, and its place among the controls of that name. Empty
   * and -1 where what was pressed is no control (a form sent without a button, an Escape in a field).
   */
  n?: string;
  i?: number;
}

/** What the early-input script leaves on the page (window.__shopEarly) for the shell's replayer. */
export interface EarlyInput {
  q: HeldPress[];
  /** Set as hydration starts: from then on nothing held is sent natively by the fallback timer. */
  live: boolean;
  /** Sends the held post forms natively (the page's script failed). */
  fail: () => void;
  /**
   * Whether a native post is on its way: the page is being replaced, so the session (and the cart's restore) is
   * the next page's.
   */
  away: () => boolean;
  /**
   * Whether React handles the element's events now (the commit that hydrated it is done), as the page records it:
   * the closest HydrationBoundary box is live, or <html data-hydrated> outside every box.
   */
  owned: (el: Element) => boolean;
  /** The page's controls (links, buttons, summaries) of a held press's name `n`, in document order. */
  find?: (name: string) => HTMLElement[];
  /**
   * Set by the replayer while it gives a held press back (its click, submit or Escape): the script lets that press's
   * events through instead of holding them again.
   */
  giving?: boolean;
  /** Set by the replayer; the script calls it when it holds something new. */
  wake?: () => void;
}

declare global {
  interface Window {
    __shopEarly?: EarlyInput;
  }
}
