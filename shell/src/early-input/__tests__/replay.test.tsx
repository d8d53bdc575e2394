import { act, useState } from 'react';
import { fireEvent } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { EARLY_INPUT_SCRIPT, NATIVE_FALLBACK_MS, NEXT_PAGE_KEY } from '@metrology/server-kit/early-input';
import { HydrationBoundary } from '@metrology/shared';
import { markEarlyInputLive, replayEarlyInput } from '../replay';

// The page's early-input script and the shell's replayer together, on server HTML hydrated by React: what the
// shopper did before hydration happens once, after it.

function Shop({ onAdd, onStep }: { onAdd: () => void; onStep: (quantity: number) => void }) {
  const [quantity, setQuantity] = useState(1);
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          setQuantity(quantity + 1);
          onStep(quantity + 1);
        }}
      >
        More
      </button>
      {/* A form the site server answers, as Add to Cart: sent natively while React does not own it. */}
      <form
        method="post"
        action="/cart"
        data-native
        onSubmit={(event) => {
          event.preventDefault();
          onAdd();
        }}
      >
        <input type="hidden" name="op" value="add" />
        <button type="submit">Add to Cart</button>
      </form>
      <form method="get" action="/products" data-native onSubmit={(event) => event.preventDefault()}>
        <input name="q" aria-label="Search" defaultValue="caliper" />
        <button type="submit">Search</button>
      </form>
      <a href="#elsewhere">A link</a>
    </div>
  );
}

/** A form as the shop's are: its fields keep their own text, read with FormData when it is sent. */
function Contact({ onSend }: { onSend: (name: string) => void }) {
  const [edits, setEdits] = useState(0);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(String(new FormData(event.currentTarget).get('name')));
      }}
    >
      <label htmlFor="name">Name</label>
      <input id="name" name="name" defaultValue="" />
      {/* Each edit re-renders the form: a render puts nothing back into a field that keeps its own text. */}
      <label htmlFor="other">Other</label>
      <input id="other" name="other" defaultValue="" onChange={() => setEdits(edits + 1)} />
      <output>{edits}</output>
      <button type="submit">Send</button>
    </form>
  );
}

/** A control that opens a dialog, closed by Escape (as Send Enquiry's); the dialog may come a moment later. */
function Menu({ opensAfterMs }: { opensAfterMs?: number }) {
  const [open, setOpen] = useState(false);
  const opens = () => (opensAfterMs ? setTimeout(() => setOpen(true), opensAfterMs) : setOpen(true));
  return (
    <div>
      <button type="button" aria-expanded={open} onClick={opens}>
        Menu
      </button>
      {open ? (
        <div role="dialog" aria-label="Menu">
          <button
            type="button"
            ref={(node) => node?.focus()}
            onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
          >
            Close
          </button>
        </div>
      ) : null}
    </div>
  );
}

let root: Root | undefined;
let stop: (() => void) | undefined;

/** A part of the page as the shop renders it: in a hydration boundary, whose box says when React owns it. */
const inShop = (element: React.ReactElement) => <HydrationBoundary>{element}</HydrationBoundary>;

function serverPage(element: React.ReactElement): HTMLElement {
  document.body.innerHTML = `<div id="root">${renderToString(inShop(element))}</div>`;
  // The inline script as the page runs it, before any bundle.
  new Function(EARLY_INPUT_SCRIPT)();
  return document.getElementById('root') as HTMLElement;
}

async function hydrate(
  container: HTMLElement,
  element: React.ReactElement,
  ready = () => true,
  onRecoverableError?: (error: unknown) => void,
) {
  markEarlyInputLive();
  await act(async () => {
    root = hydrateRoot(container, inShop(element), onRecoverableError ? { onRecoverableError } : {});
  });
  stop = replayEarlyInput({ ready, everyMs: 5 });
}

/**
 * Forms the browser goes on to send (no handler stopped the submit). jsdom cannot send one: it says so on the
 * console instead, which is where this counts them.
 */
function watchNativeSends() {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  return {
    count: () =>
      error.mock.calls.filter(([logged]) =>
        String((logged as Error | undefined)?.message ?? logged).includes(
          'Not implemented: HTMLFormElement.prototype.requestSubmit',
        ),
      ).length,
    restore: () => error.mockRestore(),
  };
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;

async function settle(ms = 40) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

afterEach(() => {
  jest.restoreAllMocks();
  sessionStorage.clear();
  stop?.();
  act(() => root?.unmount());
  root = undefined;
  delete window.__shopEarly;
  document.body.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
});

describe('input before hydration', () => {
  it('holds a click, shows the control busy, and gives it back once after hydration', async () => {
    const onStep = jest.fn();
    const onAdd = jest.fn();
    const element = <Shop onAdd={onAdd} onStep={onStep} />;
    const container = serverPage(element);

    button('More').click();
    expect(button('More')).toHaveAttribute('aria-busy', 'true');
    expect(window.__shopEarly?.q).toHaveLength(1);

    await hydrate(container, element);
    await settle();
    expect(onStep).toHaveBeenCalledTimes(1);
    expect(onStep).toHaveBeenCalledWith(2);
    expect(button('More')).not.toHaveAttribute('aria-busy');
    expect(window.__shopEarly?.q).toHaveLength(0);

    // After hydration a click is React's at once.
    button('More').click();
    await settle(5);
    expect(onStep).toHaveBeenCalledTimes(2);
  });

  it('holds a press in a part still waiting to hydrate while the rest is live, and gives it back once it is', async () => {
    let waiting = false;
    let go = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      go = () => {
        waiting = false;
        resolve();
      };
    });
    // Renders on the server; suspends on the client until `go` (as a part hydrated when it comes into view).
    function Gate() {
      if (waiting) throw gate;
      return null;
    }
    const onNow = jest.fn();
    const onLater = jest.fn();
    const element = (
      <div>
        <button type="button" onClick={onNow}>
          Now
        </button>
        <HydrationBoundary>
          <Gate />
          <button type="button" onClick={onLater}>
            Later
          </button>
        </HydrationBoundary>
      </div>
    );
    const container = serverPage(element);
    waiting = true;
    await hydrate(container, element);
    await settle();
    const [outer, inner] = [...container.querySelectorAll('[data-hydration]')];
    expect(outer).toHaveAttribute('data-live');
    expect(inner).not.toHaveAttribute('data-live');

    button('Later').click();
    expect(button('Later')).toHaveAttribute('aria-busy', 'true');
    button('Now').click();
    await settle(5);
    expect(onNow).toHaveBeenCalledTimes(1);
    expect(window.__shopEarly?.q).toHaveLength(1);
    expect(onLater).not.toHaveBeenCalled();

    await act(async () => go());
    await settle();
    expect(inner).toHaveAttribute('data-live');
    expect(onLater).toHaveBeenCalledTimes(1);
    expect(button('Later')).not.toHaveAttribute('aria-busy');
  });

  it('gives each press back once, in order: two presses are two steps, one Add to Cart is one add', async () => {
    const onStep = jest.fn();
    const onAdd = jest.fn();
    const element = <Shop onAdd={onAdd} onStep={onStep} />;
    const container = serverPage(element);

    const sends = watchNativeSends();
    button('More').click();
    button('More').click();
    // A native form pressed after held presses waits behind them (sent now, it would add 1 before the steps).
    button('Add to Cart').click();
    const form = document.querySelector('form') as HTMLFormElement;
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(sends.count()).toBe(0);

    await hydrate(container, element);
    await settle();
    expect(onStep.mock.calls).toEqual([[2], [3]]);
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(form).not.toHaveAttribute('aria-busy');
    // Nothing is given back a second time.
    await settle();
    expect(onStep).toHaveBeenCalledTimes(2);
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('gives the presses to the controls that replaced theirs when React renders the part afresh', async () => {
    const onStep = jest.fn();
    const onAdd = jest.fn();
    // The server said one thing and the browser another: React cannot use the part's server HTML and renders it
    // again, new elements in place of the ones pressed.
    const page = (said: string) => (
      <div>
        <p>{said}</p>
        <Shop onAdd={onAdd} onStep={onStep} />
      </div>
    );
    const container = serverPage(page('From the server'));
    const sends = watchNativeSends();
    const recovered = jest.fn();
    const pressed = button('More');
    pressed.click();
    pressed.click();
    button('Add to Cart').click();
    expect(window.__shopEarly?.q.map((entry) => [entry.n, entry.i])).toEqual([
      ['BUTTONMore', 0],
      ['BUTTONMore', 0],
      ['BUTTONAdd to Cart', 0],
    ]);

    await hydrate(container, page('From the browser'), () => true, recovered);
    await settle();
    expect(recovered).toHaveBeenCalled();
    expect(pressed.isConnected).toBe(false);
    expect(onStep.mock.calls).toEqual([[2], [3]]);
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(sends.count()).toBe(0);
    expect(window.__shopEarly?.q).toHaveLength(0);
  });

  it('lets a press go, and says so, when its part is rendered afresh without the control; the next one still acts', async () => {
    const onStep = jest.fn();
    const onLink = jest.fn();
    const page = (withMore: boolean) => (
      <div>
        <p>{withMore ? 'With More' : 'Without More'}</p>
        {withMore ? (
          <button type="button" onClick={() => onStep()}>
            More
          </button>
        ) : null}
        <button type="button" onClick={onLink}>
          Other
        </button>
      </div>
    );
    const container = serverPage(page(true));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    button('More').click();
    button('Other').click();

    await hydrate(
      container,
      page(false),
      () => true,
      () => undefined,
    );
    await settle();
    expect(onStep).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      'An action taken before the page was ready could not be replayed',
      expect.any(HTMLButtonElement),
    );
    expect(onLink).toHaveBeenCalledTimes(1);
    expect(window.__shopEarly?.q).toHaveLength(0);
  });

  it('waits for the page to be ready (the session restored) before giving anything back', async () => {
    const onStep = jest.fn();
    const element = <Shop onAdd={() => undefined} onStep={onStep} />;
    const container = serverPage(element);
    button('More').click();

    let ready = false;
    await hydrate(container, element, () => ready);
    await settle();
    expect(onStep).not.toHaveBeenCalled();
    ready = true;
    await settle();
    expect(onStep).toHaveBeenCalledTimes(1);
  });

  it('sends the text typed before hydration with a Send pressed before it, once live', async () => {
    const onSend = jest.fn();
    const element = <Contact onSend={onSend} />;
    const container = serverPage(element);
    const name = document.getElementById('name') as HTMLInputElement;
    // Typed before any script, then Send: the press is held, the text stays in the field.
    name.value = 'Asha Menon';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    button('Send').click();
    expect(window.__shopEarly?.q.map((entry) => entry.type)).toEqual(['submit']);

    await hydrate(container, element);
    await settle();
    expect(onSend.mock.calls).toEqual([['Asha Menon']]);
    expect(name.value).toBe('Asha Menon');
  });

  it('leaves typing to the page: nothing is noted, renders keep the text, and a press after it is not held', async () => {
    const onSend = jest.fn();
    const element = <Contact onSend={onSend} />;
    const container = serverPage(element);
    const name = document.getElementById('name') as HTMLInputElement;
    name.value = 'Asha';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    expect(Object.keys(window.__shopEarly ?? {}).sort()).toEqual([
      'away',
      'fail',
      'find',
      'live',
      'owned',
      'q',
    ]);

    await hydrate(container, element);
    // Typing React does not see (as on a part it was still hydrating), then a render of the form.
    name.value = 'Asha Menon';
    const other = document.getElementById('other') as HTMLInputElement;
    await act(async () => {
      fireEvent.input(other, { target: { value: 'x' } });
    });
    expect(document.querySelector('output')).toHaveTextContent('1');
    expect(name.value).toBe('Asha Menon');
    // Send on the live form is React's at once: nothing waits for the typing before it.
    await act(async () => {
      button('Send').click();
    });
    expect(window.__shopEarly?.q).toHaveLength(0);
    expect(onSend.mock.calls).toEqual([['Asha Menon']]);
  });

  it('leaves links alone: they navigate natively', () => {
    serverPage(<Shop onAdd={() => undefined} onStep={() => undefined} />);
    const link = document.querySelector('a') as HTMLAnchorElement;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(window.__shopEarly?.q).toHaveLength(0);
  });

  it('sends a held post form natively when the page script fails', () => {
    serverPage(<Shop onAdd={() => undefined} onStep={() => undefined} />);
    // What the browser would send: the submit that passes the page's script unheld, with the button that sent it.
    const sent: { held: boolean; by: Element | null }[] = [];
    const onSubmit = (event: Event) => {
      sent.push({ held: event.defaultPrevented, by: (event as SubmitEvent).submitter });
      event.preventDefault(); // jsdom cannot navigate
    };
    document.addEventListener('submit', onSubmit);
    // Held behind a press, so it is in the queue.
    button('More').click();
    button('Add to Cart').click();
    expect(window.__shopEarly?.q).toHaveLength(2);
    expect(sent).toEqual([]);
    window.__shopEarly?.fail();
    expect(sent).toEqual([{ held: false, by: button('Add to Cart') }]);
    expect(window.__shopEarly?.q.map((entry) => entry.type)).toEqual(['click']);
    // No script is coming: a later press is not held either.
    button('More').click();
    expect(window.__shopEarly?.q).toHaveLength(1);
    document.removeEventListener('submit', onSubmit);
  });

  it('holds Escape pressed while a press is held, and gives it back after that press, to the focus', async () => {
    const element = <Menu />;
    const container = serverPage(element);
    button('Menu').click();
    // Escape before the menu is there: alone it would do nothing, and the menu would open after it.
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
    );
    expect(window.__shopEarly?.q.map((entry) => entry.type)).toEqual(['click', 'key']);
    await hydrate(container, element);
    await settle(80);
    expect(document.querySelector('[role=dialog]')).toBeNull();
    expect(button('Menu').getAttribute('aria-expanded')).toBe('false');
    expect(window.__shopEarly?.q).toHaveLength(0);
  });

  it('holds a press on a live control behind a press held earlier in its part: open, Escape, open again', async () => {
    const element = <Menu />;
    const container = serverPage(element);
    const escape = () =>
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
    button('Menu').click();
    escape();
    let ready = false;
    await hydrate(container, element, () => ready);
    await settle();
    // The part is live but the session is not restored yet: the second press waits behind the two held before it
    // (given at once, it would open the menu that the held Escape then closes).
    button('Menu').click();
    expect(window.__shopEarly?.q.map((entry) => entry.type)).toEqual(['click', 'key', 'click']);
    expect(document.querySelector('[role=dialog]')).toBeNull();

    ready = true;
    await settle(120);
    expect(window.__shopEarly?.q).toHaveLength(0);
    expect(document.querySelector('[role=dialog]')).not.toBeNull();
    expect(button('Menu').getAttribute('aria-expanded')).toBe('true');
  });

  it('gives a held Escape back the moment the dialog the press before it opens is there, not at the next look', async () => {
    // The dialog comes a moment after the press (its code loading); the replayer looks again only every 500 ms.
    const element = <Menu opensAfterMs={20} />;
    const container = serverPage(element);
    button('Menu').click();
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
    );
    markEarlyInputLive();
    await act(async () => {
      root = hydrateRoot(container, inShop(element));
    });
    const dialogs: boolean[] = [];
    const seen = new MutationObserver(() => dialogs.push(document.querySelector('[role=dialog]') !== null));
    seen.observe(container, { subtree: true, childList: true });
    stop = replayEarlyInput({ ready: () => true, everyMs: 500 });
    await settle(150);
    seen.disconnect();
    // It opened, and it was closed well before the replayer's next look.
    expect(dialogs).toContain(true);
    expect(document.querySelector('[role=dialog]')).toBeNull();
    expect(window.__shopEarly?.q).toHaveLength(0);
  });

  it('sends nothing natively once hydration has started', () => {
    serverPage(<Shop onAdd={() => undefined} onStep={() => undefined} />);
    const submit = jest.spyOn(HTMLFormElement.prototype, 'requestSubmit');
    button('More').click();
    button('Add to Cart').click();
    markEarlyInputLive();
    window.__shopEarly?.fail();
    expect(submit).not.toHaveBeenCalled();
    expect(window.__shopEarly?.q).toHaveLength(2);
  });

  it('lets the browser send a native form while React does not own it: nothing held, nothing given back', async () => {
    const onAdd = jest.fn();
    const element = <Shop onAdd={onAdd} onStep={() => undefined} />;
    const container = serverPage(element);
    const sends = watchNativeSends();
    expect(window.__shopEarly?.away()).toBe(false);
    button('Add to Cart').click();
    expect(sends.count()).toBe(1);
    expect(window.__shopEarly?.q).toHaveLength(0);
    expect(document.querySelector('form')).not.toHaveAttribute('aria-busy');
    // The page says it is being replaced: the store's first-load restore waits for that (cart-thunks.ts).
    expect(window.__shopEarly?.away()).toBe(true);

    // React never saw that submit: hydration does not add a second time.
    await hydrate(container, element);
    await settle();
    expect(onAdd).not.toHaveBeenCalled();
    // The page is being replaced (a browser would be on its way to the answer): a press now is not React's.
    button('Add to Cart').click();
    expect(onAdd).not.toHaveBeenCalled();
    // A page that stayed (the shopper stopped the send) is React's again after a while: no native send then.
    const later = Date.now() + NATIVE_FALLBACK_MS + 1;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    expect(window.__shopEarly?.away()).toBe(false);
    button('Add to Cart').click();
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(sends.count()).toBe(1);
  });

  it('lets a native get form navigate even behind a held press: a search is a navigation, as a link', () => {
    serverPage(<Shop onAdd={() => undefined} onStep={() => undefined} />);
    const sends = watchNativeSends();
    button('More').click();
    button('Search').click();
    expect(sends.count()).toBe(1);
    expect(window.__shopEarly?.q.map((entry) => entry.type)).toEqual(['click']);
  });

  it('keeps a press made while a native post is on its way for the page its answer lands on', () => {
    serverPage(<Shop onAdd={() => undefined} onStep={() => undefined} />);
    const sends = watchNativeSends();
    button('Add to Cart').click();
    // The page is being replaced: neither held here nor left to React, but kept, in order.
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    button('More').dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    button('Add to Cart').click();
    expect(sends.count()).toBe(1);
    expect(window.__shopEarly?.q).toHaveLength(0);
    const kept = JSON.parse(sessionStorage.getItem(NEXT_PAGE_KEY) ?? 'null') as {
      u: number;
      p: unknown[];
    };
    expect(kept.p).toEqual([
      { n: 'BUTTONMore', i: 0 },
      { n: 'BUTTONAdd to Cart', i: 0 },
    ]);
    expect(kept.u).toBeGreaterThan(Date.now());
    expect(kept.u).toBeLessThanOrEqual(Date.now() + NATIVE_FALLBACK_MS);
  });

  describe('the page a native post redirects to', () => {
    const keep = (p: unknown[], u = Date.now() + 5_000) =>
      sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify({ u, p }));
    const arrived = (redirects: number) =>
      Object.defineProperty(performance, 'getEntriesByType', {
        configurable: true,
        value: (type: string) => (type === 'navigation' ? [{ redirectCount: redirects }] : []),
      });
    afterEach(() => {
      delete (performance as Partial<Performance>).getEntriesByType;
    });

    it('gives back, in order, what was pressed while the post was on its way, once its part has hydrated', async () => {
      keep([
        { n: 'BUTTONMore', i: 0 },
        { n: 'BUTTONAdd to Cart', i: 0 },
      ]);
      arrived(1);
      const onStep = jest.fn();
      const onAdd = jest.fn();
      const element = <Shop onAdd={onAdd} onStep={onStep} />;
      const container = serverPage(element);
      document.dispatchEvent(new Event('DOMContentLoaded'));
      expect(sessionStorage.getItem(NEXT_PAGE_KEY)).toBeNull();
      expect(window.__shopEarly?.q.map((entry) => entry.type)).toEqual(['click', 'submit']);
      expect(button('More')).toHaveAttribute('aria-busy', 'true');
      expect(button('Add to Cart')).toHaveAttribute('aria-busy', 'true');

      await hydrate(container, element);
      await settle();
      expect(onStep).toHaveBeenCalledTimes(1);
      expect(onAdd).toHaveBeenCalledTimes(1);
      expect(onStep.mock.invocationCallOrder[0]).toBeLessThan(onAdd.mock.invocationCallOrder[0] ?? 0);
    });

    it('gives nothing back on a page not reached by a redirect, or too late, and forgets it', () => {
      for (const [redirects, until] of [
        [0, Date.now() + 5_000],
        [1, Date.now() - 1],
      ] as const) {
        keep([{ n: 'BUTTONMore', i: 0 }], until);
        arrived(redirects);
        serverPage(<Shop onAdd={() => undefined} onStep={() => undefined} />);
        document.dispatchEvent(new Event('DOMContentLoaded'));
        expect(window.__shopEarly?.q).toHaveLength(0);
        expect(sessionStorage.getItem(NEXT_PAGE_KEY)).toBeNull();
      }
    });
  });
});
