import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { EARLY_INPUT_SCRIPT } from '@metrology/shared/early-input';
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
      <form
        method="post"
        action="/cart"
        onSubmit={(event) => {
          event.preventDefault();
          onAdd();
        }}
      >
        <input type="hidden" name="op" value="add" />
        <button type="submit">Add to Cart</button>
      </form>
      <a href="#elsewhere">A link</a>
    </div>
  );
}

function Contact({ onSend }: { onSend: (name: string) => void }) {
  const [name, setName] = useState('');
  const [other, setOther] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(name);
      }}
    >
      <label htmlFor="name">Name</label>
      <input id="name" value={name} onChange={(event) => setName(event.target.value)} />
      <label htmlFor="other">Other</label>
      <input id="other" value={other} onChange={(event) => setOther(event.target.value)} />
      <button type="submit">Send</button>
    </form>
  );
}

let root: Root | undefined;
let stop: (() => void) | undefined;

function serverPage(element: React.ReactElement): HTMLElement {
  document.body.innerHTML = `<div id="root">${renderToString(element)}</div>`;
  // The inline script as the page runs it, before any bundle.
  new Function(EARLY_INPUT_SCRIPT)();
  return document.getElementById('root') as HTMLElement;
}

async function hydrate(container: HTMLElement, element: React.ReactElement, ready = () => true) {
  markEarlyInputLive();
  await act(async () => {
    root = hydrateRoot(container, element);
  });
  stop = replayEarlyInput({ ready, everyMs: 5 });
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;

async function settle(ms = 40) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

afterEach(() => {
  stop?.();
  act(() => root?.unmount());
  root = undefined;
  delete window.__shopEarly;
  document.body.innerHTML = '';
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

  it('gives each press back once, in order: two presses are two steps, one Add to Cart is one add', async () => {
    const onStep = jest.fn();
    const onAdd = jest.fn();
    const element = <Shop onAdd={onAdd} onStep={onStep} />;
    const container = serverPage(element);

    button('More').click();
    button('More').click();
    button('Add to Cart').click();
    const form = document.querySelector('form') as HTMLFormElement;
    expect(form).toHaveAttribute('aria-busy', 'true');

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

  it('waits for the page to be ready (the session restored) before giving anything back', async () => {
    const onAdd = jest.fn();
    const element = <Shop onAdd={onAdd} onStep={() => undefined} />;
    const container = serverPage(element);
    button('Add to Cart').click();

    let ready = false;
    await hydrate(container, element, () => ready);
    await settle();
    expect(onAdd).not.toHaveBeenCalled();
    ready = true;
    await settle();
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('tells React about text typed where it could not see it, even after a render put the old value back', async () => {
    const onSend = jest.fn();
    const element = <Contact onSend={onSend} />;
    const container = serverPage(element);
    await hydrate(container, element);
    const name = document.getElementById('name') as HTMLInputElement;
    // Typing React did not take in (as while it was hydrating the field, when React drops the event): the field
    // has the text, React's state and value tracker do not, and the page's script noted it.
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setValue?.call(name, 'Asha Menon');
    Object.assign(name, { shopTyped: 'Asha Menon' });
    window.__shopEarly?.typed.push(name);
    // Another field's change re-renders the form before the replayer looks (a render may put React's old value
    // back into the name field).
    const other = document.getElementById('other') as HTMLInputElement;
    act(() => {
      other.value = 'x';
      other.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // Send pressed at once: it waits for the typing before it to be told, then sends it.
    button('Send').click();
    expect(onSend).not.toHaveBeenCalled();
    await settle();
    expect(name.value).toBe('Asha Menon');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('Asha Menon');
  });

  it('tells React about text typed before hydration, though React took its tracker from the typed field', async () => {
    const onSend = jest.fn();
    const element = <Contact onSend={onSend} />;
    const container = serverPage(element);
    const name = document.getElementById('name') as HTMLInputElement;
    // Typed before any script: the page's script notes it.
    name.value = 'Asha Menon';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    // Hydration keeps the text in the field and starts React's value tracker from it, but the state is still the
    // server's empty name.
    await hydrate(container, element);
    const tracker = (name as HTMLInputElement & { _valueTracker?: { getValue(): string } })._valueTracker;
    expect(tracker?.getValue()).toBe('Asha Menon');
    button('Send').click();
    await settle();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('Asha Menon');
    expect(name.value).toBe('Asha Menon');
  });

  it('notes typing on a field React hydrates while handling that very event, or stops', async () => {
    const element = <Contact onSend={() => undefined} />;
    const container = serverPage(element);
    const name = document.getElementById('name') as HTMLInputElement;
    // What React does with an event on a part it has not hydrated: it hydrates it there and then, taking the
    // field's current text as its tracker's starting value, so the change never reaches the state.
    // Or, when it cannot hydrate it yet, it stops the event: nothing after React sees it.
    const other = document.getElementById('other') as HTMLInputElement;
    container.addEventListener('input', (event) => {
      if (event.target === other) event.stopPropagation();
      else Object.assign(name, { _valueTracker: { getValue: () => name.value } });
    });
    name.value = 'Asha';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    other.value = 'x';
    other.dispatchEvent(new Event('input', { bubbles: true }));
    expect(window.__shopEarly?.typed).toEqual([name, other]);
    expect((name as HTMLInputElement & { shopTyped?: string }).shopTyped).toBe('Asha');
    expect((other as HTMLInputElement & { shopTyped?: string }).shopTyped).toBe('x');
  });

  it('notes a field typed into before React has it, and forgets it once React took the value in', async () => {
    const element = <Contact onSend={() => undefined} />;
    const container = serverPage(element);
    const name = document.getElementById('name') as HTMLInputElement;
    name.value = 'Asha';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    expect(window.__shopEarly?.typed).toEqual([name]);
    expect((name as HTMLInputElement & { shopTyped?: string }).shopTyped).toBe('Asha');

    await hydrate(container, element);
    await settle();
    // Typing after hydration is React's: nothing is noted.
    await act(async () => {
      name.value = 'Asha Menon';
      name.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(name.value).toBe('Asha Menon');
    expect(window.__shopEarly?.typed).toEqual([]);
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
    button('Add to Cart').click();
    expect(window.__shopEarly?.q).toHaveLength(1);
    expect(sent).toEqual([]);
    window.__shopEarly?.fail();
    expect(sent).toEqual([{ held: false, by: button('Add to Cart') }]);
    expect(window.__shopEarly?.q).toHaveLength(0);
    // No script is coming: a later press is not held either.
    button('More').click();
    expect(window.__shopEarly?.q).toHaveLength(0);
    document.removeEventListener('submit', onSubmit);
  });

  it('holds Escape pressed while a press is held, and gives it back after that press, to the focus', async () => {
    function Menu() {
      const [open, setOpen] = useState(false);
      return (
        <div>
          <button type="button" aria-expanded={open} onClick={() => setOpen(true)}>
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

  it('sends nothing natively once hydration has started', () => {
    serverPage(<Shop onAdd={() => undefined} onStep={() => undefined} />);
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    button('Add to Cart').click();
    markEarlyInputLive();
    window.__shopEarly?.fail();
    expect(submit).not.toHaveBeenCalled();
    expect(window.__shopEarly?.q).toHaveLength(1);
    submit.mockRestore();
  });
});
