import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { changedBeforeLive, useFieldFollowing } from '../use-field-following';

// A field that keeps its own text: told apart from the server's value after hydration, and written only when the
// value it follows changes from outside.

function Filter({ start, onSeen }: { start: string; onSeen: (changed: boolean) => void }) {
  const [value, setValue] = useState(start);
  const [ref] = useFieldFollowing<HTMLSelectElement>(value);
  return (
    <>
      <select
        aria-label="Sort"
        ref={ref}
        defaultValue={value}
        onFocus={(event) => onSeen(changedBeforeLive(event.currentTarget))}
      >
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
      <button type="button" onClick={() => setValue('b')}>
        Outside
      </button>
    </>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function serverPage(element: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return container;
}

describe('changedBeforeLive', () => {
  it("tells text typed into a server-rendered field from the server's value, after hydration too", async () => {
    const element = <input aria-label="Name" defaultValue="Asha" />;
    const container = serverPage(element);
    const field = container.querySelector('input') as HTMLInputElement;
    expect(changedBeforeLive(field)).toBe(false);
    field.value = 'Asha Rao';
    await act(async () => {
      root = hydrateRoot(container, element);
    });
    expect(field.value).toBe('Asha Rao');
    expect(changedBeforeLive(field)).toBe(true);
  });

  it('reads a select against the option the server marked selected, or its first one', () => {
    document.body.innerHTML = `
      <select id="marked"><option value="">All</option><option value="x" selected>X</option></select>
      <select id="unmarked"><option value="">All</option><option value="x">X</option></select>`;
    const marked = document.getElementById('marked') as HTMLSelectElement;
    const unmarked = document.getElementById('unmarked') as HTMLSelectElement;
    expect([changedBeforeLive(marked), changedBeforeLive(unmarked)]).toEqual([false, false]);
    marked.value = '';
    unmarked.value = 'x';
    expect([changedBeforeLive(marked), changedBeforeLive(unmarked)]).toEqual([true, true]);
  });
});

describe('useFieldFollowing', () => {
  it('keeps a choice made before hydration, and writes the value when it changes from outside', async () => {
    const seen = jest.fn();
    const element = <Filter start="a" onSeen={seen} />;
    const container = serverPage(element);
    const select = container.querySelector('select') as HTMLSelectElement;
    select.value = 'b';
    await act(async () => {
      root = hydrateRoot(container, element);
    });
    expect(select.value).toBe('b');
    act(() => select.focus());
    expect(seen).toHaveBeenLastCalledWith(true);
    select.value = 'a';
    await act(async () => {
      container.querySelector('button')?.click();
    });
    expect(select.value).toBe('b');
  });
});
