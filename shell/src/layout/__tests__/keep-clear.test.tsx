import { render, waitFor } from '@testing-library/react';
import { KeepClear } from '../keep-clear';

// jsdom has no layout: each element's box is given by its class, as a 390 x 844 phone would show it.
const BOXES: Record<string, [number, number, number, number]> = {
  'shell-header': [0, 0, 390, 64],
  'shell-chat__launcher': [310, 764, 60, 60],
};
let actionBox: [number, number, number, number] = [16, 770, 358, 48];

beforeEach(() => {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const key = Object.keys(BOXES).find((name) => this.classList.contains(name));
    const [x, y, width, height] = key
      ? (BOXES[key] as [number, number, number, number])
      : this.hasAttribute('data-main-action')
        ? actionBox
        : [0, 0, 0, 0];
    return { x, y, width, height, top: y, left: x, right: x + width, bottom: y + height, toJSON: () => ({}) };
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  document.documentElement.style.removeProperty('--shell-chat-lift');
  document.documentElement.removeAttribute('data-chat-aside');
});

function renderPage() {
  return render(
    <>
      <header className="shell-header">header</header>
      <main>
        <button type="button" data-main-action>
          Add to Cart
        </button>
      </main>
      <button type="button" className="shell-chat__launcher">
        Chat
      </button>
      <KeepClear />
    </>,
  );
}

const lift = () => document.documentElement.style.getPropertyValue('--shell-chat-lift');

describe('the chat button keeps clear of the main action', () => {
  it('rises above Add to Cart when it would cover it', async () => {
    actionBox = [16, 770, 358, 48];
    renderPage();
    // The button's bottom (824) rises above the action's top (770) with a gap: 824 - 770 + 8.
    await waitFor(() => expect(lift()).toBe('62px'));
    expect(document.documentElement).not.toHaveAttribute('data-chat-aside');
  });

  it('stays in its corner when nothing is under it', async () => {
    actionBox = [16, 300, 358, 48];
    renderPage();
    await waitFor(() => expect(lift()).toBe('0px'));
  });

  it('steps aside when there is no room above the action', async () => {
    actionBox = [16, 80, 358, 760];
    renderPage();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-chat-aside'));
  });
});
