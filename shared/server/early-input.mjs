// @ts-check
// Input before hydration. A server-rendered page paints seconds before its script has hydrated it; a click or a
// submit in that gap would reach HTML with no handler and be lost. The page's head carries this small script
// (inline, with the page's nonce, ahead of the stylesheets so it runs before the first paint): it holds every
// click on a control and every submit of a form that React has not hydrated yet, marks the control busy, and
// keeps it in a queue; a link followed while something is held joins the queue behind it. The shell's replayer
// (shell/src/early-input/replay.ts) gives each one back, once and in order, when the part that owns it has
// hydrated. A post form whose script never comes is sent natively instead, so the shopper's action still happens
// (the site server answers those forms). Plain JavaScript: the site server inlines it as it is.

/** The page global the script fills and the shell's replayer empties. */
export const EARLY_INPUT_GLOBAL = '__shopEarly';

/** A held post form is sent natively if its part has not started hydrating by then (the script did not come). */
export const NATIVE_FALLBACK_MS = 20_000;

/**
 * The script's body; it only ever runs in the browser, stringified into the page.
 * @param {Window & Record<string, unknown>} w
 * @param {Document} d
 * @param {number} ms a held post form is sent natively after this
 */
function holdEarlyInput(w, d, ms) {
  var /** @type {{ type: 'click' | 'submit' | 'key'; el: HTMLElement; by: HTMLElement | null }[]} */ q = [],
    /** Fields typed into: React may not have seen the typing (before or while it hydrates them). @type {Element[]} */
    typed = [],
    /** @type {{ q: typeof q; typed: Element[]; live: boolean; fail: () => void; wake?: () => void }} */
    state = { q, typed, live: false, fail: sendNative },
    /** Whether the field of the input event under way was React's before React's listener saw the event. */
    was = false,
    /** Set once the held post forms are sent natively: no script is coming, nothing is held after that. */
    off = false;
  w.__shopEarly = state;
  /**
   * React hands events to an element once the render that hydrated it has committed. Its fiber (set during the
   * render) is committed when no new fiber above it is still flagged as being placed or hydrated (4098) and the
   * chain reaches the root (tag 3): the test React makes before it dispatches an event.
   * @param {Element} el
   */
  function live(el) {
    var k = Object.keys(el).find((k) => k.startsWith('__reactFiber'));
    /** @type {{ alternate: unknown; flags: number; tag: number; return: any } | undefined} */
    var n = k && /** @type {any} */ (el)[k];
    if (!n) return false;
    for (; !n.alternate; n = n.return) {
      if (n.flags & 4098) return false;
      if (!n.return) return n.tag === 3;
    }
    while (n.return) n = n.return;
    return n.tag === 3;
  }
  /** @param {Element | null} el */
  var busy = (el) => el?.setAttribute('aria-busy', 'true');
  /** @param {Event} e @param {HTMLElement} el @param {HTMLElement | null} by @param {'click' | 'submit'} type */
  function hold(e, el, by, type) {
    // Only the page's current copy of this script holds anything (it ran once per page; tests run it again).
    if (off || w.__shopEarly !== state) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    // Each press is given back once, in order: two presses of + are two steps, one Add to Cart is one line.
    q.push({ type, el, by });
    busy(el);
    busy(by);
    // The shell's replayer, once running, is told at once.
    state.wake?.();
  }
  /** The post forms still held are sent as they are: the site server answers them without script. */
  function sendNative() {
    if (state.live) return;
    off = true;
    for (var e of q.slice()) {
      var f = /** @type {HTMLFormElement} */ (e.el);
      if (e.type !== 'submit' || f.method !== 'post' || !f.isConnected) continue;
      q.splice(q.indexOf(e), 1);
      // Through the button that sent it: its name and value go with the form, as in the shopper's own submit.
      f.requestSubmit(e.by);
    }
  }
  d.addEventListener(
    'click',
    (e) => {
      // The target is an element (its closest) or, for a click on no element, the document (none).
      var c = /** @type {Element} */ (e.target).closest?.('a[href],button,[role=button],summary');
      // A link the shopper follows while a press is held waits for it, in the queue: given back after the press
      // has acted (Add to Cart, then the Cart link), never before. Only a plain click of the shopper's own on a
      // link of this site; the replayer's click (not trusted) goes through.
      if (c instanceof HTMLAnchorElement) {
        if (
          q.length &&
          e.isTrusted &&
          !(e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || c.target)
        )
          if (c.origin === location.origin) hold(e, c, null, 'click');
        return;
      }
      if (!(c instanceof HTMLElement) || (live(c) && !typed.length) || !c.closest('#root')) return;
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
      if (
        !(f instanceof HTMLFormElement) ||
        (live(f) && !typed.length) ||
        f.hasAttribute('data-native') ||
        !f.closest('#root')
      )
        return;
      var by = /** @type {SubmitEvent} */ (e).submitter;
      hold(e, f, by instanceof HTMLElement ? by : null, 'submit');
    },
    true,
  );
  /**
   * Typing React may not have taken in is noted with what was typed. An event on a field React has not
   * hydrated (seen first, at the document's capture phase) never reaches the state: React hydrates the field there
   * and then, starting its value tracker from the text already typed (so the change looks taken in), or it stops
   * the event (so nothing after React sees it). On a field React had, the event is looked at after React's
   * listener (on #root): its value tracker tells whether React took the text in.
   * @param {Event} e
   */
  function note(e) {
    var t = /** @type {any} */ (e.target);
    if (w.__shopEarly !== state || !(t instanceof Element) || !t.closest('#root')) return;
    var k = t._valueTracker;
    var i = typed.indexOf(t);
    if (e.eventPhase === 1) {
      was = live(t);
      if (was) return;
    } else if (!was) return;
    else if (!k || k.getValue() === t.value) {
      if (i >= 0) typed.splice(i, 1);
      return;
    }
    // Kept on the field: a render may put the old value back before React is told.
    t.shopTyped = t.value;
    if (i < 0 && typed.length < 50) typed.push(t);
    state.wake?.();
  }
  // Escape pressed while a press is held (a dialog it opens is not there yet) is held too, to come after it.
  d.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Escape' && q.length)
        hold(e, /** @type {HTMLElement} */ (d.activeElement || d.body), null, 'key');
    },
    true,
  );
  for (var type of ['input', 'change']) {
    d.addEventListener(type, note, true);
    d.addEventListener(type, note);
  }
  setTimeout(sendNative, ms);
}

/**
 * The inline script as the page carries it: the function's source without its name, comments, line breaks (every
 * statement ends in a semicolon), indentation, the spaces around punctuation, an arrow's parentheses around its one
 * parameter, the parentheses a type cast leaves around a name, trailing commas and a block's last semicolon; true
 * and false as !0 and !1, and four of its local names shortened (it holds no string, pattern or division that any
 * of these could cut, and no property of those names).
 */
export const EARLY_INPUT_SCRIPT = `(${holdEarlyInput
  .toString()
  .replace(/^function \w+/, 'function')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/^\s*\/\/.*$/gm, '')
  .replace(/\s*\n\s*/g, '')
  .replace(/[ \t]*([{}();,=:?|&!<>+])[ \t]*/g, '$1')
  .replace(/ {2,}/g, ' ')
  .replace(/\((\w+)\)=>/g, '$1=>')
  .replace(/\bfalse\b/g, '!1')
  .replace(/(?<!')\btrue\b(?!')/g, '!0')
  .replace(/\bsendNative\b/g, 'N')
  .replace(/\bstate\b/g, 'S')
  .replace(/\bhold\b/g, 'H')
  .replace(/\bnote\b/g, 'O')
  .replace(/return !/g, 'return!')
  .replace(/(?<![\w$])\((\w+(?:\.\w+)?)\)(?=[.[;,)])/g, '$1')
  .replace(/,\)/g, ')')
  .replace(/;}/g, '}')})(window,document,${NATIVE_FALLBACK_MS});`;
