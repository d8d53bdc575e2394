import { useState } from 'react';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { PaymentMethods, chosenPaymentMethod } from '../payment-methods';

/** A checkout form that renders again on a press, as the page does when its cart or session changes. */
function Checkout() {
  const [renders, setRenders] = useState(0);
  return (
    <form>
      <PaymentMethods />
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Render again
      </button>
      <output>{renders}</output>
    </form>
  );
}

const radio = (container: HTMLElement, value: string) =>
  container.querySelector(`input[value="${value}"]`) as HTMLInputElement;

describe('PaymentMethods', () => {
  it('Cash on Delivery is chosen at first, and Stripe cannot be', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Checkout />);
    expect(radio(container, 'cod').checked).toBe(true);
    expect(radio(container, 'razorpay').checked).toBe(false);
    expect(radio(container, 'stripe').disabled).toBe(true);
    expect(chosenPaymentMethod(container.querySelector('form') as HTMLFormElement)).toBe('cod');
  });

  it('keeps a method chosen in the server-rendered page before hydration, through renders, and the order reads it', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Checkout />);
    // Chosen before any script: the browser checks it.
    radio(container, 'razorpay').click();
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Checkout />);
    });
    await act(async () => {
      container.querySelector('button')?.click();
    });
    expect(container.querySelector('output')).toHaveTextContent('1');
    expect(radio(container, 'razorpay').checked).toBe(true);
    expect(radio(container, 'cod').checked).toBe(false);
    expect(chosenPaymentMethod(container.querySelector('form') as HTMLFormElement)).toBe('razorpay');
    act(() => root?.unmount());
    container.remove();
  });
});
