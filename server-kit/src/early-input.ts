// Input before hydration. A server-rendered page paints seconds before its script has hydrated it; a click or a
// submit in that gap would reach HTML with no handler and be lost. The page's head carries this small script
// (inline, with the page's nonce, ahead of the stylesheets so it runs before the first paint).
// - A form the site server answers (marked `data-native`: Add to Cart, a cart line's − / + / bin, the header
//   search, the /collection filters) is sent natively while React does not own it: the page reloads with the
//   result, as with JavaScript off. React never sees that submit, so it cannot act on it a second time.
// - Every other press on a control, and every submit of a form React has not hydrated, is held: the control is
//   marked busy and queued, and the shell's replayer (shell/src/early-input/replay.ts) gives each one back, once
//   and in order, when the part that owns it has hydrated. A native post form pressed after a held press waits
//   behind it in the queue (+ twice, then Add to Cart, adds 3). A link followed while something is held joins the
//   queue behind it, and so does a press on a live control in a part where an earlier press is still held (Send
//   Enquiry pressed early, Escape, then Send Enquiry again once live: open, close, open). A held post form whose
//   script never comes is sent natively after a while.
// - While a native post is on its way the page is being replaced: a press or a same-site link then is kept (in
//   sessionStorage) for the page the post's answer redirects to, which gives it back there (Add to Cart, then the
//   Cart link, opens the cart with the line; + on a cart line, then Proceed to Checkout, checks out with 2).
// - Typing is not the script's: the shop's fields keep their own text (uncontrolled, read from the page on submit),
//   so what is typed before or while React hydrates a field stays in it, and a press given back reads it there.
// The script is the source of holdEarlyInput as compiled (its types gone), made smaller by EARLY_INPUT_SCRIPT's
// replacements; the site server inlines that string as it is.

import type { EarlyInput, HeldPress, PressType } from '@metrology/shared/early-input';

/** The page global the script fills and the shell's replayer empties. */
export const EARLY_INPUT_GLOBAL = '__shopEarly';

/**
 * A held post form is sent natively if its part has not started hydrating by then (the script did not come); a
 * press kept while a native post was on its way is given to the next page only if that page comes by then.
 */
export const NATIVE_FALLBACK_MS = 20_000;

/** The sessionStorage key of the presses kept for the page a native post's answer redirects to (the script's own). */
export const NEXT_PAGE_KEY = 'shopEarlyNext';

/** A press kept for the next page: a link's address, or a control's name and its place among those alike. */
type KeptPress = { h: string } | { n: string; i: number };

/* eslint-disable no-var -- the script's own declarations: var, function-scoped, as the page runs them. */
/**
 * The script's body; it only ever runs in the browser, stringified into the page. `ms`: a held post form is sent
 * natively after this.
 */
function holdEarlyInput(w: Window & Record<string, unknown>, d: Document, ms: number) {
  var q: HeldPress[] = [],
    state: EarlyInput = { q, live: false, fail: sendNative, away: () => leaving(), owned, find: alike },
    /** What the script calls a control. */
    controls = 'a[href],button,[role=button],summary',
    /** Set once the held post forms are sent natively: no script is coming, nothing is held after that. */
    off = false,
    /** Until when a native post is on its way (the page is being replaced, unless the shopper stopped it). */
    going = 0,
    /** What was pressed meanwhile, for the next page: a link's address, or a control's name and its place. */
    next: KeptPress[] = [],
    store: Storage | undefined;
  w.__shopEarly = state;
  try {
    store = w.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): nothing is kept across pages.
  }
  /**
   * Whether React handles the element's events: the commit that hydrated it is done. The page says so (the shop's
   * HydrationBoundary): the closest boundary box has data-live, or, outside every box, <html> has data-hydrated.
   */
  function owned(el: Element): boolean {
    var b = el.closest('[data-hydration]');
    return b ? b.hasAttribute('data-live') : d.documentElement.hasAttribute('data-hydrated');
  }
  /**
   * Whether a press held before lies in the element's part (the same closest box): a press there waits behind it,
   * even once the part is live, so the part's presses act in the shopper's order. Other parts are not held up.
   */
  function behind(el: Element): boolean {
    var b = el.closest('[data-hydration]');
    return q.some((e) => e.el.closest('[data-hydration]') === b);
  }
  var busy = (el: Element | null) => el?.setAttribute('aria-busy', 'true');
  /** A control as another page (or a part React rendered afresh) finds it again: its tag and its name. */
  function named(el: Element) {
    return el.tagName + (el.getAttribute('aria-label') || el.textContent?.trim());
  }
  /** The page's controls of that name, in document order. */
  function alike(n: string) {
    return [...d.querySelectorAll<HTMLElement>(controls)].filter((c) => c.closest('#root') && named(c) === n);
  }
  /** A control's name and its place among the page's controls of that name. */
  function spot(el: Element) {
    var n = named(el);
    return { n, i: alike(n).indexOf(el as HTMLElement) };
  }
  /** Whether a native post is on its way: the page is being replaced. */
  var leaving = () => going > Date.now();
  var stop = (e: Event) => {
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  /**
   * Queues a press (first: ahead of what is there) and marks it busy; the replayer, once running, is told at once.
   */
  function queue(type: PressType, el: HTMLElement, by: HTMLElement | null, first?: boolean) {
    // Noted by name and place too: the part may be rendered afresh before the press is given back.
    var t = by || el;
    q[first ? 'unshift' : 'push']({ type, el, by, ...(t.matches(controls) ? spot(t) : { n: '', i: -1 }) });
    busy(el);
    busy(by);
    state.wake?.();
  }
  function hold(e: Event, el: HTMLElement, by: HTMLElement | null, type: PressType) {
    // Only the page's current copy of this script holds anything (it ran once per page; tests run it again).
    if (off || w.__shopEarly !== state) return;
    stop(e);
    // Each press is given back once, in order: two presses of + are two steps, one Add to Cart is one line.
    queue(type, el, by);
  }
  /** A press while the page is being replaced is kept for the next page, in order. */
  function keep(e: Event, el: HTMLElement | null) {
    stop(e);
    if (!el) return;
    if (el instanceof HTMLAnchorElement) next.push({ h: el.href });
    else next.push(spot(el));
    try {
      store?.setItem('shopEarlyNext', JSON.stringify({ u: Date.now() + ms, p: next }));
    } catch {
      // Storage full or refused: the press is lost with the page, as it would be without this script.
    }
  }
  /** The post forms still held are sent as they are: the site server answers them without script. */
  function sendNative() {
    if (state.live) return;
    off = true;
    for (var e of q.slice()) {
      var f = e.el as HTMLFormElement;
      if (e.type !== 'submit' || f.method !== 'post' || !f.isConnected) continue;
      q.splice(q.indexOf(e), 1);
      // Through the button that sent it: its name and value go with the form, as in the shopper's own submit.
      f.requestSubmit(e.by);
    }
  }
  /**
   * This page answers a native post (it came by a redirect, soon enough): what was pressed while the post was on
   * its way is given back here, a link at once, presses as held ones once the page's controls are there. Looked
   * for again once the HTML is parsed: the page before may have written it from another process a moment ago.
   */
  function arrive(parsed?: boolean) {
    if (w.__shopEarly !== state) return;
    try {
      var m: { u: number; p: { h?: string; n: string; i: number }[] } | null = JSON.parse(
        store?.getItem('shopEarlyNext') || 'null',
      );
      var kept = m?.p,
        link = kept?.find((p) => p.h),
        nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      if (!m || !(parsed || link)) return;
      store?.removeItem('shopEarlyNext');
      if (!(m.u > Date.now() && nav?.redirectCount)) return;
      if (link) location.replace(link.h as string);
      else {
        // What this script wrote carries its presses; anything else throws here and is caught below.
        for (var p of (kept as { n: string; i: number }[]).reverse()) {
          var el = alike(p.n)[p.i];
          if (el instanceof HTMLButtonElement && el.type === 'submit' && el.form)
            queue('submit', el.form, el, true);
          else if (el) queue('click', el, null, true);
        }
      }
    } catch {
      // Storage refused, or a value this script did not write: nothing to give back.
    }
  }
  arrive();
  d.addEventListener('DOMContentLoaded', () => arrive(true));
  // A page restored from the back-forward cache is not being replaced any more.
  w.addEventListener('pageshow', (e) => {
    if (e.persisted) going = 0;
  });
  d.addEventListener(
    'click',
    (e) => {
      // The replayer giving a held press back: it goes through.
      if (w.__shopEarly !== state || state.giving) return;
      // The target is an element (its closest) or, for a click on no element, the document (none).
      var c = (e.target as Element).closest?.(controls);
      // A link the shopper follows while a press is held waits for it, in the queue: given back after the press
      // has acted (Add to Cart, then the Cart link), never before; while a native post is on its way it is kept
      // for the next page. Only a plain click of the shopper's own on a link of this site; the replayer's click
      // (not trusted) goes through.
      if (c instanceof HTMLAnchorElement) {
        if (
          (q.length || leaving()) &&
          e.isTrusted &&
          !(e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || c.target) &&
          c.origin === location.origin
        )
          if (leaving()) keep(e, c);
          else hold(e, c, null, 'click');
        return;
      }
      if (!(c instanceof HTMLElement) || !c.closest('#root')) return;
      // While the page is being replaced, React must not act on a press either: it is kept for the next page.
      if (leaving()) return keep(e, c);
      if (owned(c) && !behind(c)) return;
      // A submit button's form decides (its submit event comes next).
      if (c instanceof HTMLButtonElement && c.type === 'submit' && c.form) return;
      hold(e, c, null, 'click');
    },
    true,
  );
  d.addEventListener(
    'submit',
    (e) => {
      var f = e.target;
      if (w.__shopEarly !== state || state.giving || !(f instanceof HTMLFormElement) || !f.closest('#root'))
        return;
      var by = e.submitter;
      by = by instanceof HTMLElement ? by : null;
      // Enter in a field while the page is being replaced.
      if (leaving()) return keep(e, by);
      var l = owned(f),
        post = f.method === 'post';
      if (l && !behind(f)) return;
      // A native form goes as it is, and React never sees it: a get always (a navigation, as a link), a post
      // while React does not own it and nothing is held before it.
      if (f.hasAttribute('data-native') && !(post && (l || q.length))) {
        e.stopImmediatePropagation();
        if (post) going = Date.now() + ms;
        return;
      }
      hold(e, f, by, 'submit');
    },
    true,
  );
  // Escape pressed while a press is held (a dialog it opens is not there yet) is held too, to come after it.
  d.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Escape' && q.length && !state.giving)
        hold(e, (d.activeElement || d.body) as HTMLElement, null, 'key');
    },
    true,
  );
  setTimeout(sendNative, ms);
}
/* eslint-enable no-var */

/**
 * The inline script as the page carries it: the function's source as compiled (its types gone) without its name,
 * comments, line breaks (every statement ends in a semicolon; a break between two words, as the compiler leaves
 * after an `else`, is a space), indentation, the spaces around punctuation, an arrow's parentheses around its one
 * parameter, the parentheses left around a name (not an optional call's), trailing commas and a block's last
 * semicolon; true and false as !0 and !1, and a dozen of its local names shortened (it holds no string, pattern or division that any of these
 * could cut, and no property of those names).
 */
export const EARLY_INPUT_SCRIPT = `(${holdEarlyInput
  .toString()
  .replace(/^function \w+/, 'function')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/^\s*\/\/.*$/gm, '')
  .replace(/(\w?)\s*\n\s*(\w?)/g, (_, before: string, after: string) =>
    before && after ? `${before} ${after}` : before + after,
  )
  .replace(/[ \t]*([{}();,=:?|&!<>+])[ \t]*/g, '$1')
  .replace(/ {2,}/g, ' ')
  .replace(/\((\w+)\)=>/g, '$1=>')
  .replace(/\bfalse\b/g, '!1')
  .replace(/(?<!')\btrue\b(?!')/g, '!0')
  .replace(/\bsendNative\b/g, 'N')
  .replace(/\bstate\b/g, 'S')
  .replace(/\bhold\b/g, 'H')
  .replace(/\bgoing\b/g, 'G')
  .replace(/\bleaving\b/g, 'L')
  .replace(/\bkeep\b/g, 'K')
  .replace(/\bqueue\b/g, 'Q')
  .replace(/\bnamed\b/g, 'M')
  .replace(/\balike\b/g, 'A')
  .replace(/\bstore\b/g, 'T')
  .replace(/\bstop\b/g, 'P')
  .replace(/return !/g, 'return!')
  .replace(/(?<![\w$.])\((\w+(?:\.\w+)?)\)(?=[.[;,)])/g, '$1')
  .replace(/,\)/g, ')')
  .replace(/;}/g, '}')})(window,document,${NATIVE_FALLBACK_MS});`;
