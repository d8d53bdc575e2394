// @ts-check
// Input before hydration. A server-rendered page paints seconds before its script has hydrated it; a click or a
// submit in that gap would reach HTML with no handler and be lost. The page's head carries this small script
// (inline, with the page's nonce, ahead of the stylesheets so it runs before the first paint): it holds every
// click on a control and every submit of a form that React has not hydrated yet, marks the control busy, and
// keeps it in a queue. The shell's replayer (shell/src/early-input/replay.ts) gives each one back, once, when
// the part that owns it has hydrated. A post form whose script never comes is sent natively instead, so the
// shopper's action still happens (the site server answers those forms). Plain JavaScript: the site server
// inlines it as it is.

/** The page global the script fills and the shell's replayer empties. */
export const EARLY_INPUT_GLOBAL = '__shopEarly';

/** A held post form is sent natively if its part has not started hydrating by then (the script did not come). */
export const NATIVE_FALLBACK_MS = 20_000;

/**
 * The script's body; it only ever runs in the browser, stringified into the page.
 * @param {Window & Record<string, unknown>} w
 * @param {Document} d
 * @param {number} fallbackMs
 */
function holdEarlyInput(w, d, fallbackMs) {
  /** @type {{ type: 'click' | 'submit'; el: HTMLElement; by: HTMLElement | null }[]} */
  var q = [];
  /** Fields typed into: React may not have seen the typing (before or while it hydrates them). @type {Element[]} */
  var typed = [];
  /** @type {{ q: typeof q; typed: Element[]; live: boolean; fail: () => void; wake?: () => void }} */
  var state = { q: q, typed: typed, live: false, fail: sendNatively };
  w.__shopEarly = state;
  /** React has hydrated an element once it carries its props (their key starts so). @param {Element} el */
  function live(el) {
    return Object.keys(el).some(function (k) {
      return k.indexOf('__reactProps') === 0;
    });
  }
  /** @param {Element | null} el */
  function busy(el) {
    if (el) el.setAttribute('aria-busy', 'true');
  }
  /** @param {Event} e @param {HTMLElement} el @param {HTMLElement | null} by @param {'click' | 'submit'} type */
  function hold(e, el, by, type) {
    // Only the page's current copy of this script holds anything (it ran once per page; tests run it again).
    if (w.__shopEarly !== state) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    // Each press is given back once, in order: two presses of + are two steps, one Add to Cart is one line.
    q.push({ type: type, el: el, by: by });
    busy(el);
    busy(by);
    // The shell's replayer, once running, is told at once.
    if (state.wake) state.wake();
  }
  /** The post forms still held are sent as they are: the site server answers them without script. */
  function sendNatively() {
    if (state.live) return;
    q.slice().forEach(function (e) {
      var f = /** @type {HTMLFormElement} */ (e.el);
      if (e.type !== 'submit' || f.method !== 'post' || !f.isConnected) return;
      q.splice(q.indexOf(e), 1);
      var by = /** @type {HTMLButtonElement | null} */ (e.by);
      if (by && by.name) {
        var extra = d.createElement('input');
        extra.type = 'hidden';
        extra.name = by.name;
        extra.value = by.value;
        f.appendChild(extra);
      }
      HTMLFormElement.prototype.submit.call(f);
    });
  }
  d.addEventListener(
    'click',
    function (e) {
      var t = e.target;
      var c = t instanceof Element ? t.closest('button,[role=button],summary') : null;
      // Held too while typing React has not taken in waits to be told: the press comes after it.
      if (!(c instanceof HTMLElement) || (live(c) && !typed.length) || !c.closest('#root')) return;
      // A submit button's form decides (its submit event comes next).
      if (c instanceof HTMLButtonElement && c.type === 'submit' && c.form) return;
      hold(e, c, null, 'click');
    },
    true,
  );
  d.addEventListener(
    'submit',
    function (e) {
      var f = e.target;
      if (!(f instanceof HTMLFormElement) || (live(f) && !typed.length) || f.hasAttribute('data-native'))
        return;
      if (!f.closest('#root')) return;
      var by = /** @type {SubmitEvent} */ (e).submitter;
      hold(e, f, by instanceof HTMLElement ? by : null, 'submit');
    },
    true,
  );
  /**
   * After React had its turn (this listens at the document, after React's listener on #root): a field whose value
   * React did not take in (no value tracker holding it, or no React props at all) is noted with what was typed.
   * @param {Event} e
   */
  function note(e) {
    var t = /** @type {any} */ (e.target);
    if (w.__shopEarly !== state || !(t instanceof Element) || !t.closest('#root')) return;
    var k = t._valueTracker;
    var i = typed.indexOf(t);
    if (k ? k.getValue() === t.value : live(t)) {
      if (i >= 0) typed.splice(i, 1);
      return;
    }
    // Kept on the field: a render may put the old value back before React is told.
    t.shopTyped = t.value;
    if (i < 0 && typed.length < 50) typed.push(t);
    if (state.wake) state.wake();
  }
  d.addEventListener('input', note);
  d.addEventListener('change', note);
  setTimeout(sendNatively, fallbackMs);
}

/**
 * The inline script as the page carries it: the function's source without its comments, indentation and the
 * spaces around punctuation (it holds no string, pattern or division that either could cut).
 */
export const EARLY_INPUT_SCRIPT = `(${holdEarlyInput
  .toString()
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/^\s*\/\/.*$/gm, '')
  .replace(/\s*\n\s*/g, '\n')
  .replace(/[ \t]*([{}();,=:?|&!<>+])[ \t]*/g, '$1')})(window,document,${NATIVE_FALLBACK_MS});`;
